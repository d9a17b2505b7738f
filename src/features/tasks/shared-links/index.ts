// A watch list in a link: packing IDs into the URL's fragment, and opening such a link.
export { loadShareLink } from './chunks';
export { shareLink } from './share-link';
export { useSharedLinkImport } from './use-shared-link';
export { captureSharedLinks } from './capture-shared-links';
export { sharesIds } from './share-param';
