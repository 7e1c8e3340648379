/**
 * ra-core's default exporter (ra-core 5.15, export/defaultExporter.js), which every list's controller imports, with
 * its CSV writer (jsonexport) loaded when Export is clicked. vite.config.ts (lazyParts) puts this module in the
 * original's place.
 */
import type { Exporter } from 'ra-core';

export const defaultExporter: Exporter = (data, fetchRelatedRecords, dataProvider, resource) =>
  import('../../../node_modules/ra-core/dist/export/defaultExporter.js').then((m) =>
    m.defaultExporter(data, fetchRelatedRecords, dataProvider, resource),
  );
