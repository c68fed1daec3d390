// Types of scripts/import-graph.mjs, for tests/integration/layers.test.ts.
export type ImportEdge = { to: string; line: number; specifier: string };
export type ImportGraph = Map<string, ImportEdge[]>;
export type Layer = { name: string; paths?: string[]; order?: string[]; only?: string[]; note: string };
export type Placement = { index: number; name: string; label: string; place: number };
export declare const LAYERS: Layer[];
export declare function layerOf(file: string): Placement | null;
export declare function ruleBroken(from: Placement | null, to: Placement | null): string | null;
export declare function readImportGraph(root?: string): ImportGraph;
export declare function upwardImports(graph: ImportGraph): string[];
export declare function importCycles(graph: ImportGraph): string[][];
export declare function mutualFolderPairs(graph: ImportGraph): string[];
export declare function deepImports(graph: ImportGraph): string[];
export declare function importReport(root?: string): { files: number; cycles: string[][]; upwardImports: string[]; mutualFolderPairs: string[]; deepImports: string[] };
