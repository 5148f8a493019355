// What a form screen edits: its schema and ui hints and, on an update route, the record (api.load), with the
// fields `prefill` takes from the route's parameters. `current` follows what is typed without a render per
// keystroke, so that the account step and the tabs can hand it back to the form.
import type { UiSchema } from '@rjsf/utils';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Params } from 'react-router-dom';
import { request } from '../../core/api.ts';
import { ApiError } from '../../core/apiError.ts';
import { i18n, loadTexts, NAMESPACES } from '../../core/i18n.ts';
import { loadValidators } from '../../core/precompiledValidators.ts';
import { resolveCall, type FormScreen } from '../descriptors.ts';
import { loadSchemaFile, useSchemaRevision, type JsonSchema } from '../schemas.ts';
import { pickFormData } from './formData.ts';

/** A failure kept as its code and worded when shown, so that a language switch re-words it. */
export interface Failure {
  code: string;
  message?: string;
}

interface Loaded {
  schema: JsonSchema;
  uiSchema?: UiSchema;
  formData: Record<string, unknown>;
}

/** The text namespaces a schema's and ui hints' keys name (`ns:key`); loaded when not in yet. */
function loadNamespacesOf(...documents: unknown[]): Promise<void> {
  const named = new Set<string>();
  JSON.stringify(documents, (_key, value: unknown) => {
    const match = typeof value === 'string' ? /^([a-z]+):[A-Za-z]/.exec(value) : null;
    if (match && (NAMESPACES as readonly string[]).includes(match[1])) named.add(match[1]);
    return value;
  });
  const missing = [...named].filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
  return missing.length ? loadTexts(i18n.language, missing).catch(() => undefined) : Promise.resolve();
}

/** Form fields filled from the route's parameters (`prefill`), as numbers where the schema wants a number. */
export function prefilledData(schema: JsonSchema, prefill: Record<string, string> | undefined, params: Record<string, string | undefined>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, param] of Object.entries(prefill ?? {})) {
    const value = params[param];
    if (value === undefined || value === '') continue;
    const type = schema.properties?.[field]?.type;
    const numeric = type === 'integer' || type === 'number';
    data[field] = numeric && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return data;
}

/**
 * npm run dev: an edited schema or ui hint replaces the shown one and the form keeps what was typed. Nothing in the
 * build, whose schemas never change.
 */
const useSchemaEdits = import.meta.hot
  ? (screen: FormScreen, setLoaded: Dispatch<SetStateAction<Loaded | null>>) => {
      const schemaRevision = useSchemaRevision();
      useEffect(() => {
        if (!schemaRevision) return;
        let alive = true;
        Promise.all([loadSchemaFile(screen.schema), screen.uiSchema ? loadSchemaFile(screen.uiSchema) : Promise.resolve(undefined)]).then(
          ([schema, uiSchema]) => {
            if (alive) setLoaded((current) => current && { ...current, schema, uiSchema: uiSchema as UiSchema | undefined });
          },
          (error: unknown) => console.error('Live edit: the form schema was not reloaded', error),
        );
        return () => {
          alive = false;
        };
      }, [schemaRevision, screen.schema, screen.uiSchema, setLoaded]);
    }
  : () => undefined;

/** [loaded, setLoaded, loadError, current]: a tuple, as useState's, since the names of an object's keys would weigh in the form route's start-up budget. */
export function useFormRecord(screen: FormScreen, params: Readonly<Params>, throwToBoundary: (error: unknown) => void) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<Failure | null>(null);
  const current = useRef<Record<string, unknown>>({});

  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    let alive = true;
    setLoaded(null);
    setLoadError(null);
    const load = screen.api.load;
    // The validator chunk is fetched alongside, so the form does not wait for it afterwards.
    void loadValidators(screen.schema).catch(() => undefined);
    Promise.all([
      loadSchemaFile(screen.schema),
      screen.uiSchema ? loadSchemaFile(screen.uiSchema) : Promise.resolve(undefined),
      load ? request<Record<string, unknown>>(resolveCall(load, params).method, resolveCall(load, params).path) : Promise.resolve(undefined),
    ])
      .then(async (loadedParts) => {
        // A form whose titles live outside the start-up texts (`pages:` keys) shows once they are in.
        await loadNamespacesOf(loadedParts[0], loadedParts[1]);
        return loadedParts;
      })
      .then(
      ([schema, uiSchema, record]) => {
        if (!alive) return;
        const taken = record ? pickFormData(schema, record) : {};
        for (const field of screen.loadOmit ?? []) delete taken[field];
        const formData = { ...taken, ...prefilledData(schema, screen.prefill, params) };
        current.current = formData;
        setLoaded({ schema, uiSchema: uiSchema as UiSchema | undefined, formData });
      },
      (error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && (error.code || error.status === 403 || error.status === 404)) {
          setLoadError({ code: error.code ?? (error.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND'), message: error.message });
        } else if (error instanceof ApiError && error.handled) {
          setLoadError({ code: 'LOAD_FAILED' });
        } else {
          throwToBoundary(error);
        }
      },
    );
    return () => {
      alive = false;
    };
    // Params are compared by value (paramsKey), not by the object useParams returns on each render.
  }, [screen, paramsKey, throwToBoundary]);

  useSchemaEdits(screen, setLoaded);

  return [loaded, setLoaded, loadError, current] as const;
}
