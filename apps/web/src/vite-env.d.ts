/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CORE_API_BASE?: string;
  readonly VITE_REPORTS_API_BASE?: string;
  /** The contract's BUILD_LABEL, inlined by vite.config.ts so the entry need not load the contract's barrel. */
  readonly BUILD_LABEL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
