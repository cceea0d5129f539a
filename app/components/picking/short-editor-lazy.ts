// The Short editor's code (short-editor.tsx with its quick-quantity rules), loaded when the pick list is idle or with
// the first tap on Short if that comes sooner: one load for every row.
let loading: Promise<typeof import("./short-editor")> | null = null;

export function loadShortEditor(): Promise<typeof import("./short-editor")> {
  loading ??= import("./short-editor").catch((error: unknown) => {
    loading = null; // no signal before it arrived: the next Short tries again
    throw error;
  });
  return loading;
}
