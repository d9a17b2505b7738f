// Making a shared link loads on first use (the command palette). The import() names the module itself and reads its
// export on the spot.
export const loadShareLink = () => import('./share-link').then((m) => m.shareLink);
