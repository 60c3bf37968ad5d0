// A modal form's failure line: announced, and red like the spec's form messages.
export function ModalError({ message, id }: { message: string; id?: string }) {
  if (!message) return null;
  return (
    <p className="form-error modal__error" id={id} role="alert">
      {message}
    </p>
  );
}
