// A failed call, said briefly, with a way to try again when one makes sense.
export function ErrorLine({ children, onRetry }: { children: string; onRetry?: () => void }) {
  return (
    <div className="error-line" role="alert">
      <p>{children}</p>
      {onRetry ? (
        <button type="button" className="button button--outline button--small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
