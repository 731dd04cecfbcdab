/** The public pediatric intake wizard. */
export { PediatricIntakePage } from './PediatricIntakePage';
