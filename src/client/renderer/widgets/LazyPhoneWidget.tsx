// The "phone" widget as forms get it: the country picker and the phone rule need libphonenumber's mobile metadata
// (about 33 KiB gzip with its code), which loads beside the form rather than before it, and only for forms with a
// phone field. preloadScreen starts it with the form's own code (see phoneHints.ts), so it is usually in when the
// form first renders; if not, the field shows its value, not editable, for the moment it takes to arrive.
import type { WidgetProps } from '@rjsf/utils';
import { Suspense } from 'react';
import { phoneWidgetChunk } from '../chunks.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { controlAria } from './fieldIds.ts';

const PhoneWidget = lazyWithReload(phoneWidgetChunk);

function PhoneArriving(props: WidgetProps) {
  return (
    <div className="phone-control" aria-busy="true">
      <div className="field-control phone-number">
        <input
          {...controlAria(props)}
          name={props.htmlName ?? props.id}
          type="tel"
          value={typeof props.value === 'string' ? props.value : ''}
          disabled
          readOnly
        />
      </div>
    </div>
  );
}

export default function LazyPhoneWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<PhoneArriving {...props} />}>
      <PhoneWidget {...props} />
    </Suspense>
  );
}
