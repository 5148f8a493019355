// The "Take a photo" dialog of the image widget, loaded when it is first opened: a live preview of the front camera
// (the rear one with "Switch camera"), and "Capture", which takes the frame as a JPEG (photoCapture.ts) and passes
// it through the uploads' own checks and resize. The camera is on only while the dialog is open.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { prepareImage, type ImageProblem } from './imageFile.ts';
import { cameraProblem, captureFrame, PHOTO_QUALITY, photoConstraints, stopStream, type CameraProblem, type Facing } from './photoCapture.ts';
import './PhotoCapture.css';

type Problem = { camera: CameraProblem } | { image: ImageProblem; params?: Record<string, unknown> };

interface PhotoCaptureModalProps {
  /** The photo as a data URL, as a chosen file gives it. */
  onPhoto: (dataUrl: string) => void;
  onClose: () => void;
}

export default function PhotoCaptureModal({ onPhoto, onClose }: PhotoCaptureModalProps) {
  // The dialog's texts are in `pages`, off the forms' start-up texts; it waits (Suspense) until they are in.
  const { t } = useTranslation(['common', 'pages']);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [phase, setPhase] = useState<'starting' | 'live' | 'capturing'>('starting');
  const [problem, setProblem] = useState<Problem | null>(null);

  // One camera at a time: the stream of the other facing ends before this one is asked for (phones cannot open both).
  useEffect(() => {
    let current = true;
    let stream: MediaStream | undefined;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setProblem({ camera: 'missing' });
      return;
    }
    media.getUserMedia(photoConstraints(facing)).then(
      (opened) => {
        if (!current) return stopStream(opened);
        stream = opened;
        const video = videoRef.current;
        if (video) {
          video.srcObject = opened;
          // A switch while the previous stream was starting aborts that play(): nothing to report.
          video.play().catch(() => undefined);
        }
      },
      (error: unknown) => current && setProblem({ camera: cameraProblem(error) }),
    );
    return () => {
      current = false;
      if (stream) stopStream(stream);
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [facing]);

  const switchCamera = () => {
    setPhase('starting');
    setProblem(null);
    setFacing((was) => (was === 'user' ? 'environment' : 'user'));
  };

  const capture = async () => {
    const video = videoRef.current;
    if (!video || phase !== 'live') return;
    setPhase('capturing');
    try {
      const result = await prepareImage(await captureFrame(video), { jpegQuality: PHOTO_QUALITY });
      if (result.ok) return onPhoto(result.dataUrl);
      setProblem({ image: result.problem, params: result.params });
    } catch {
      setProblem({ camera: 'failed' });
    }
    setPhase('live');
  };

  const cameraFailed = problem !== null && 'camera' in problem;
  return (
    <Modal
      title={t('pages:photoCapture.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void capture()} disabled={phase === 'starting' || cameraFailed} loading={phase === 'capturing'}>
            {t('pages:photoCapture.capture')}
          </Button>
        </>
      }
    >
      <div className="photo-capture">
        {problem && <Alert>{'camera' in problem ? t(`pages:photoCapture.${problem.camera}`) : t(`validation:${problem.image}`, problem.params)}</Alert>}
        <video
          ref={videoRef}
          className={facing === 'user' ? 'photo-preview photo-preview-mirrored' : 'photo-preview'}
          aria-label={t('pages:photoCapture.preview')}
          hidden={cameraFailed}
          autoPlay
          muted
          playsInline
          onPlaying={() => setPhase((was) => (was === 'starting' ? 'live' : was))}
        />
        {phase === 'starting' && !cameraFailed && (
          <p className="photo-capture-status" role="status">
            <Spinner small /> {t('pages:photoCapture.starting')}
          </p>
        )}
        {!cameraFailed && (
          <div className="photo-capture-camera">
            <p className="photo-capture-facing" aria-live="polite">
              {t(facing === 'user' ? 'pages:photoCapture.front' : 'pages:photoCapture.rear')}
            </p>
            <Button variant="secondary" onClick={switchCamera} disabled={phase === 'capturing'}>
              {t('pages:photoCapture.switch')}
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
