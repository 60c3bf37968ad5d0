// Downloads the code of the page at a path before the student opens it (a
// link hovered, focused or touched; the page a login leads to). The route
// table (app/pages.tsx) registers how; features call `preloadPath` without
// knowing the routes.
type Preloader = (path: string, signedIn?: boolean) => void;

let preloader: Preloader = () => undefined;

export function setPathPreloader(preload: Preloader): void {
  preloader = preload;
}

/** `signedIn`: as the student will be (a login on its way), else as the tab is now. */
export function preloadPath(path: string, signedIn?: boolean): void {
  preloader(path, signedIn);
}
