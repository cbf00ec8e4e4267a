/** The test files' temporary folders (scripts/temp-dirs.ts), for claims files: import it directly, not through ./index, which child processes load. */
export { tempDir } from '../../scripts/temp-dirs';
