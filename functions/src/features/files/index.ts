/** The `files` feature as other features see it: everything they may import from it. */

export { sniffFileType } from './sniff-type.js';
