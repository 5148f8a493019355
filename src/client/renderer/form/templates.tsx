// The look of generated forms, matching the hand-written ones (ui/TextField): label above the control, an
// asterisk after the label of a required field, the error under the field (one line per message and per line-break
// marker) and the info text (the schema's description) only when there is no error.
import type { FieldTemplateProps, IconButtonProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../core/language.ts';
import { Alert } from '../../ui/Alert.tsx';
import { FieldMessage, splitLines } from '../../ui/FieldMessage.tsx';
import { formContextOf } from '../widgets/context.ts';
import { labelId, messageId } from '../widgets/fieldIds.ts';
import TextWidget from '../widgets/TextWidget.tsx';
import { messageText } from './messages.ts';
import { choiceBefore, type Choice } from './choices.ts';

function RequiredMark() {
  return (
    <span className="field-required" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** A widget that may hold text it could not read as the field's value (the money input) names what is wrong with it. */
type HeldTextError = (value: unknown, uiOptions: Record<string, unknown>, locale: string) => string | undefined;

/**
 * The errors to show: the schema can only say that such held text is not a number, so once there is an error the
 * widget's own reason takes its place ("at most 2 decimal places").
 */
function heldTextErrors({ rawErrors, formData, uiSchema, registry }: FieldTemplateProps, language: string): string[] {
  const errors = rawErrors ?? [];
  const name = uiSchema?.['ui:widget'];
  const widget = typeof name === 'string' ? (registry.widgets[name] as { heldTextError?: HeldTextError } | undefined) : undefined;
  const own = errors.length && widget?.heldTextError ? widget.heldTextError(formData, getUiOptions(uiSchema), localeOf(language)) : undefined;
  return own ? [own] : errors;
}

function FieldTemplate(props: FieldTemplateProps) {
  const { t, i18n } = useTranslation();
  const { id, label, children, rawErrors, rawDescription, hidden, required, displayLabel, schema, uiSchema, registry, fieldPathId } = props;
  const options = getUiOptions(uiSchema) as Record<string, unknown>;
  if (options.hiddenByRule) return null;
  if (hidden) return <div hidden>{children}</div>;

  const errors = heldTextErrors(props, i18n.language).map((text) => messageText(t, text));
  if (fieldPathId.path.length === 0) {
    // Errors of the form as a whole, and server errors of fields the form does not show.
    return (
      <>
        {errors.length > 0 && (
          <Alert>
            {errors.flatMap(splitLines).map((line, index) => (
              <div key={index}>{line}</div>
            ))}
          </Alert>
        )}
        {children}
      </>
    );
  }

  const { mode } = formContextOf(registry);
  const showRequired = Boolean(required) && mode !== 'filter';
  const error = errors.join('\n') || undefined;
  const info = rawDescription ? t(rawDescription) : undefined;
  const className = ['field', error ? 'field-invalid' : ''].filter(Boolean).join(' ');
  // Titles in the schemas are text keys (`ns:key`); one made by a field for a value it lays out (a currency code) is
  // its own text.
  const text = label.includes(':') ? t(label) : label;

  if (options.ownLabel) {
    return (
      <div className={className}>
        {children}
        <FieldMessage id={messageId(id)} error={error} info={info} />
      </div>
    );
  }
  const isGroup = Boolean(options.group) || ((schema.type === 'object' || schema.type === 'array') && !displayLabel);
  if (isGroup) {
    return (
      <fieldset className={`${className} field-group`} aria-describedby={error || info ? messageId(id) : undefined}>
        <legend className="field-label" id={labelId(id)}>
          {text}
          {showRequired && <RequiredMark />}
        </legend>
        {children}
        <FieldMessage id={messageId(id)} error={error} info={info} />
      </fieldset>
    );
  }
  return (
    <div className={className}>
      {displayLabel !== false && (
        <label className="field-label" id={labelId(id)} htmlFor={id}>
          {text}
          {showRequired && <RequiredMark />}
        </label>
      )}
      {children}
      <FieldMessage id={messageId(id)} error={error} info={info} />
    </div>
  );
}

function ObjectFieldTemplate({ properties, fieldPathId, registry }: ObjectFieldTemplateProps) {
  const root = fieldPathId.path.length === 0;
  const { choices = [] } = formContextOf(registry);
  const order = root && choices.length ? properties.map((property) => property.name) : [];
  return (
    <div className={root ? 'form-fields' : 'form-fields form-fields-nested'}>
      {properties.map((property) => {
        const choice = root && choices.length ? choiceBefore(choices, order, property.name) : undefined;
        return choice ? (
          <Fragment key={property.name}>
            <ChoiceRadios choice={choice} idPrefix={fieldPathId.$id} registry={registry} />
            {property.content}
          </Fragment>
        ) : (
          property.content
        );
      })}
    </div>
  );
}

/** The radio buttons of a "ui:choices" entry (form/choices.ts). */
function ChoiceRadios({ choice, idPrefix, registry }: { choice: Choice; idPrefix: string; registry: ObjectFieldTemplateProps['registry'] }) {
  const { t } = useTranslation();
  const { chosen = {}, onChoose } = formContextOf(registry);
  const name = `${idPrefix}__choice_${choice.id}`;
  return (
    <fieldset className="field field-group field-choice">
      <legend className="field-label">{t(choice.title)}</legend>
      <div className="choice-options">
        {choice.options.map((option, index) => (
          <label key={index} className="choice-option" htmlFor={`${name}_${index}`}>
            <input type="radio" id={`${name}_${index}`} name={name} checked={(chosen[choice.id] ?? 0) === index} onChange={() => onChoose?.(choice.id, index)} />
            {t(option.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Array item buttons as plain text buttons in the current language. */
function textButton(key: string) {
  return function TextButton({ registry: _registry, uiSchema: _uiSchema, iconType: _iconType, icon: _icon, className: _className, ...rest }: IconButtonProps) {
    const { t } = useTranslation();
    return (
      <button type="button" className="btn btn-link" {...rest}>
        {t(key)}
      </button>
    );
  };
}

const Nothing = () => null;

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate: TextWidget,
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ErrorListTemplate: Nothing,
  ButtonTemplates: {
    SubmitButton: Nothing,
    AddButton: textButton('form:array.add'),
    RemoveButton: textButton('form:array.remove'),
    MoveUpButton: textButton('form:array.moveUp'),
    MoveDownButton: textButton('form:array.moveDown'),
    CopyButton: textButton('form:array.copy'),
    ClearButton: textButton('form:array.clear'),
  },
};
