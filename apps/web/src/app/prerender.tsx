import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { LandingPage } from '../features/public/LandingPage';
import { cssVariablesResolver, theme } from './theme';

/**
 * The pages written as HTML at build time (`vite.config.ts`, `prerender`): the landing page, so a
 * visitor sees it as soon as the HTML and its stylesheet arrive instead of after the scripts ran.
 * The app's own render (`main.tsx`) replaces the markup with the same page once it starts.
 */
const PRERENDERED: RouteObject[] = [{ path: '/', Component: LandingPage }];

/** The markup of the page at `path`, with Mantine's variables of the house theme, as the app renders it. */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(PRERENDERED);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} cannot be prerendered: it answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </MantineProvider>,
  );
}
