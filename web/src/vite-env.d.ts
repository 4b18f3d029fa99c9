/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute URL of the external operator login page; '/operator/auth' when unset. */
  readonly VITE_OPERATOR_LOGIN_URL?: string;
  /** Id of this build (web/vite.config.ts), the same as in /builds-manifest.json (spec core §7 builds manifest). */
  readonly VITE_BUILD_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
