import { readFileSync } from 'node:fs';

/**
 * The app's full paths, read from the router plugin's generated tree (its `FileRoutesByFullPath`
 * interface), so the build metadata can list them without importing browser code into Node.
 */
export function readRoutePaths(routeTreeFile: string): string[] {
  const source = readFileSync(routeTreeFile, 'utf8');
  const block = /interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  const paths = [...block.matchAll(/^\s*'([^']+)'\s*:/gm)].map((match) => match[1] ?? '');
  return [...new Set(paths.map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path)))].sort();
}
