// A small inline "still fetching" line, announced politely.
export function LoadingLine({ children }: { children: string }) {
  return (
    <p className="loading-line" role="status">
      <span className="spinner spinner--small" aria-hidden="true" />
      {children}
    </p>
  );
}
