// Text under a field: the error (split on line-break markers) or, when there is none, the info text.

/** Server and locale messages may carry "\n" or <br> markers; each part is its own line. */
export function splitLines(message: string): string[] {
  return message.split(/\r?\n|<br\s*\/?>/i).map((line) => line.trim()).filter(Boolean);
}

interface FieldMessageProps {
  id: string;
  error?: string;
  info?: string;
}

export function FieldMessage({ id, error, info }: FieldMessageProps) {
  if (error) {
    return (
      <div id={id} className="field-error">
        {splitLines(error).map((line, index) => (
          <span key={index} className="field-error-line">
            {line}
          </span>
        ))}
      </div>
    );
  }
  if (info) {
    return (
      <div id={id} className="field-info">
        {info}
      </div>
    );
  }
  return null;
}
