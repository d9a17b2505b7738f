// The copy button: copies, then says so in the page's status region.
export { CopyButton } from './copy-button';
