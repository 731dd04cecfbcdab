export function OrganizationSwitcher() {
  return null;
}
