/**
 * Which schemas this build was made with: a digest of src/shared (vite.config.ts). Cached
 * copies carry the version they were saved under; one saved under this same version is an
 * answer this build already used and is shown as it is, without loading zod to check it.
 * A copy from another build (or where the version is unknown: tests) is checked against its
 * schema first. Undefined outside a Vite build.
 */
export const SCHEMA_VERSION: string | undefined =
  // Outside Vite (the build's prerender runs this module in Node) there is no import.meta.env.
  typeof import.meta.env === 'object' ? import.meta.env.SYSFI_SCHEMA_VERSION : undefined;

/** Whether a copy saved under `version` needs no check in this build. */
export function savedByThisBuild(version: string | undefined): boolean {
  return SCHEMA_VERSION !== undefined && version === SCHEMA_VERSION;
}
