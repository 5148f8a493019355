// A widget loaded beside the forms that use it rather than with every form (renderer/chunks.ts: lazyWidgetChunks).
// Until its code is in, the field shows its value, not editable; preload.ts starts the load with the form's own code
// when the form's ui hints name the widget, so it is usually in when the form first renders.
import type { WidgetProps } from '@rjsf/utils';
import { Suspense, type ComponentType } from 'react';
import type { Chunk } from '../../core/chunk.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { controlAria } from './fieldIds.ts';

function Arriving(props: WidgetProps) {
  const value = props.value;
  return (
    <div className="field-control" aria-busy="true">
      <input {...controlAria(props)} name={props.htmlName ?? props.id} type="text" value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''} disabled readOnly />
    </div>
  );
}

export function lazyWidget(source: Chunk<{ default: ComponentType<WidgetProps> }>): ComponentType<WidgetProps> {
  const Widget = lazyWithReload(source);
  return function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<Arriving {...props} />}>
        <Widget {...props} />
      </Suspense>
    );
  };
}
