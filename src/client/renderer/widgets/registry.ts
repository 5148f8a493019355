// The widgets a ui hint may name in "ui:widget". Keep names.json equal to the keys: `npm run validate` reads it to
// check every ui hint file.
import type { Widget } from '@rjsf/utils';
import AccountSelectWidget from './AccountSelectWidget.tsx';
import CheckboxWidget from './CheckboxWidget.tsx';
import CurrencyWidget from './CurrencyWidget.tsx';
import CustomLinkWidget from './CustomLinkWidget.tsx';
import DateTimeWidget from './DateTimeWidget.tsx';
import HiddenWidget from './HiddenWidget.tsx';
import MoneyWidget from './MoneyWidget.tsx';
import PasswordWidget from './PasswordWidget.tsx';
import PhoneWidget from './LazyPhoneWidget.tsx';
import SelectWidget from './SelectWidget.tsx';
import TextareaWidget from './TextareaWidget.tsx';
import TextWidget from './TextWidget.tsx';
import { lazyWidgetChunks } from '../chunks.ts';
import { lazyWidget } from './lazyWidget.tsx';
import './widgets.css';

// Used by a few forms only: loaded beside them (lazyWidget.tsx).
const ColorWidget = lazyWidget(lazyWidgetChunks.color);
const IbanWidget = lazyWidget(lazyWidgetChunks.iban);
const ImageUploadWidget = lazyWidget(lazyWidgetChunks.imageUpload);
const RemoteSelectWidget = lazyWidget(lazyWidgetChunks.remoteSelect);
const SmsTextWidget = lazyWidget(lazyWidgetChunks.smsText);
const TimeZoneWidget = lazyWidget(lazyWidgetChunks.timeZone);
const UrlWidget = lazyWidget(lazyWidgetChunks.url);

export const widgets = {
  hidden: HiddenWidget,
  text: TextWidget,
  textarea: TextareaWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  remoteSelect: RemoteSelectWidget,
  password: PasswordWidget,
  phone: PhoneWidget,
  money: MoneyWidget,
  iban: IbanWidget,
  dateTime: DateTimeWidget,
  smsText: SmsTextWidget,
  customLink: CustomLinkWidget,
  color: ColorWidget,
  imageUpload: ImageUploadWidget,
  currency: CurrencyWidget,
  account: AccountSelectWidget,
  timeZone: TimeZoneWidget,
  url: UrlWidget,
} satisfies Record<string, Widget>;

/**
 * The same widgets under the names RJSF picks by itself for a schema without a ui:widget (a string gets
 * "TextWidget", an enum "SelectWidget", a boolean "CheckboxWidget", ...), so every field has the panel's look.
 */
export const defaultWidgets: Record<string, Widget> = {
  ...widgets,
  TextWidget,
  TextareaWidget,
  CheckboxWidget,
  SelectWidget,
  HiddenWidget,
  PasswordWidget,
  ColorWidget,
  EmailWidget: TextWidget,
  URLWidget: TextWidget,
  UpDownWidget: TextWidget,
  DateTimeWidget,
};
