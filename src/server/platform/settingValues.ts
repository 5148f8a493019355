// Settings are stored as text; their schemas say what they are. A boolean is stored as true or false, an integer in
// decimal, a list or an object as JSON, a string as it is. Read back, a stored text that no longer fits its schema's type (an old
// value, a hand edit) is left out, so that the default or nothing stands in rather than a wrong type.
export interface SettingProperty {
  type?: string | string[];
}

export function storedText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function typedValue(property: SettingProperty, text: string): unknown {
  switch (property.type) {
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'integer':
      return /^-?\d{1,16}$/.test(text) ? Number(text) : undefined;
    case 'array':
    case 'object': {
      try {
        const parsed: unknown = JSON.parse(text);
        const fits = property.type === 'array' ? Array.isArray(parsed) : typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
        return fits ? parsed : undefined;
      } catch {
        return undefined;
      }
    }
    default:
      return text;
  }
}
