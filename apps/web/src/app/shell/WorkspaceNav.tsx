import { areaOfPath, openableAreas } from '@clinic/domain/rules/screen-access';
import { NavLink, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/session';
import { AREA_ICONS } from './area-icons';
import classes from './shell.module.css';

/**
 * The side navigation's links: the workspace areas the member may open (the domain's
 * `openableAreas`, the same decision as the route guards), the current one marked
 * `aria-current="page"`. With `iconsOnly` each link shows its icon, named by `aria-label` and a
 * tooltip.
 */
export function WorkspaceNav({ iconsOnly, onNavigate }: { iconsOnly: boolean; onNavigate?: () => void }) {
  const session = useSession();
  const { pathname } = useLocation();
  const areas = openableAreas({ member: session.data?.organizationUser, features: session.data?.features ?? [] });
  const current = areaOfPath(pathname);
  return (
    <ul className={classes.navList}>
      {areas.map((area) => {
        const Icon = AREA_ICONS[area.icon];
        const active = area.id === current;
        const link = (
          <NavLink
            component={Link}
            to={area.path}
            label={iconsOnly ? undefined : area.label}
            aria-label={iconsOnly ? area.label : undefined}
            aria-current={active ? 'page' : undefined}
            active={active}
            variant="filled"
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            onClick={onNavigate}
          />
        );
        return (
          <li key={area.id}>
            {iconsOnly ? (
              <Tooltip label={area.label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}
