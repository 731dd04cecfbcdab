/** Paging: the /paging screen (figures, inbox, history, timelines, on-call rotas). The "Page" button is `PageButton.tsx`, loaded by the app's page action. */
export { PagingPage } from './PagingPage';
