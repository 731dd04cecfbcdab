/** The address of one member of the organization, which every member action extends. */
export const memberUrl = (id: string) => `/api/organizations/members/${encodeURIComponent(id)}`;
