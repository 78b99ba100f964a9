/** Joins the API base and a path without doubling or dropping the slash. */
export const apiUrl = (api: string, path: string) => `${api.replace(/\/+$/, '')}${path}`;
