// "hidden": keeps a value (such as the id of the edited row) without showing anything.
import type { WidgetProps } from '@rjsf/utils';

export default function HiddenWidget(props: WidgetProps) {
  return <input type="hidden" id={props.id} name={props.htmlName ?? props.id} value={props.value === undefined || props.value === null ? '' : String(props.value)} />;
}
