// "imageUpload": picks an image file and gives it as a data URL (the server stores it and answers its address).
// Non-images are refused with "File format is invalid", files the browser cannot read with "Unable to read file
// type!", files over 2 MB as too large; larger images are scaled down to fit 1024x1024. ui:options.favicon: the file must be a PNG of 16x16 or 32x32 px, at most 1 KB.
// Where the browser has a camera, "Take a photo" beside the file input gives a JPEG photo the same way (not for a
// favicon, which must be a PNG); its dialog is loaded when first opened.
import type { WidgetProps } from '@rjsf/utils';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { controlAria, labelId, uiOption } from './fieldIds.ts';
import { prepareImage, type ImageProblem } from './image/imageFile.ts';
import { useHasCamera } from './image/useHasCamera.ts';
import { IMAGE_PATH } from '../../../shared/images.ts';

const PhotoCaptureModal = lazyWithReload(() => import('./image/PhotoCaptureModal.tsx'));

export default function ImageUploadWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<{ code: ImageProblem; params?: Record<string, unknown> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [taking, setTaking] = useState(false);
  const favicon = uiOption<boolean>(props, 'favicon') === true;
  const hasCamera = useHasCamera(!favicon);
  // A new upload (a data URL), or an image the server stores (its address).
  const value = typeof props.value === 'string' && (props.value.startsWith('data:image/') || props.value.startsWith(`${IMAGE_PATH}/`)) ? props.value : undefined;
  const problemId = `${props.id}-problem`;
  const locked = Boolean(props.disabled || props.readonly);
  const aria = controlAria(props, problem ? problemId : undefined);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const result = await prepareImage(file, { favicon });
    setBusy(false);
    if (inputRef.current) inputRef.current.value = '';
    if (!result.ok) {
      setProblem({ code: result.problem, params: result.params });
      return;
    }
    setProblem(null);
    props.onChange(result.dataUrl);
  };

  const onPhoto = (dataUrl: string) => {
    setTaking(false);
    setProblem(null);
    props.onChange(dataUrl);
  };

  return (
    <div className="image-upload">
      {value && <img className="image-preview" src={value} alt={t('form:image.preview')} />}
      <div className="image-actions">
        <input
          ref={inputRef}
          {...aria}
          aria-invalid={aria['aria-invalid'] ?? (problem ? true : undefined)}
          className="image-input"
          type="file"
          accept={favicon ? 'image/png' : 'image/*'}
          name={props.htmlName ?? props.id}
          disabled={locked || busy}
          aria-busy={busy || undefined}
          onChange={(event) => void onFile(event.target.files?.[0])}
          onBlur={() => props.onBlur(props.id, props.value)}
          onFocus={() => props.onFocus(props.id, props.value)}
        />
        {hasCamera && (
          <button
            type="button"
            className="btn btn-secondary"
            aria-describedby={labelId(props.id)}
            disabled={locked || busy}
            onClick={() => setTaking(true)}
          >
            {t('form:image.takePhoto')}
          </button>
        )}
        {value && !locked && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setProblem(null);
              props.onChange(props.options.emptyValue);
            }}
          >
            {t('form:image.remove')}
          </button>
        )}
      </div>
      {problem && (
        <div id={problemId} className="field-error" role="alert">
          <span className="field-error-line">{t(`validation:${problem.code}`, problem.params)}</span>
        </div>
      )}
      {taking && (
        <Suspense fallback={null}>
          <PhotoCaptureModal onPhoto={onPhoto} onClose={() => setTaking(false)} />
        </Suspense>
      )}
    </div>
  );
}
