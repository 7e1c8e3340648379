/**
 * Word import (`press/import`, SPEC §7): a .docx becomes a draft article. Plain constants, shared by the server's
 * checks and the SPA's (no zod here, so the article list loads none).
 */

/** The largest .docx taken, as uploaded. */
export const DOCX_MAX_BYTES = 20 * 1024 * 1024;
/** All of its parts inflated, at most (a zip bomb stops here; counted on the bytes that come out). */
export const DOCX_UNZIPPED_MAX_BYTES = 100 * 1024 * 1024;
/** Parts in the zip, at most (a real document has tens). */
export const DOCX_ENTRIES_MAX = 2000;
/** Pictures in one document, at most; each goes into the library like an upload (5 MB at most, scaled to 1440). */
export const DOCX_IMAGES_MAX = 50;
