// The export center's public face for the router.
export { ExportCenter } from './components/export-center';
