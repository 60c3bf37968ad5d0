export function FullPageLoading({ detail }: { detail?: string }) {
  return (
    <div className="full-page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p className="full-page-loading__text">Loading...</p>
      {detail ? <p className="full-page-loading__detail">{detail}</p> : null}
    </div>
  );
}
