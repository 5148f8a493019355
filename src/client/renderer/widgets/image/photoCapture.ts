// What the "Take a photo" dialog asks of the camera and makes of a frame (spec: "Photo capture: JPEG, compression
// 0.7, size factor 1, ideal resolution 1024x756"; the front camera first, the rear one on request). The frame then
// goes through the uploads' own checks and resize (imageFile.ts: at most 2 MB, fitted into 1024x1024).
import { fitWithin } from '../../../../shared/images.ts';

/** The camera facing the user (front, the default) or away from them (rear). */
export type Facing = 'user' | 'environment';

export const PHOTO_TYPE = 'image/jpeg';
export const PHOTO_QUALITY = 0.7;
const PHOTO_SIZE_FACTOR = 1;
const IDEAL_WIDTH = 1024;
const IDEAL_HEIGHT = 756;

/** The getUserMedia request: video only, the spec's ideal resolution, which the camera meets as near as it can. */
export function photoConstraints(facing: Facing): MediaStreamConstraints {
  return { audio: false, video: { facingMode: facing, width: { ideal: IDEAL_WIDTH }, height: { ideal: IDEAL_HEIGHT } } };
}

interface Size {
  width: number;
  height: number;
}

/** The frame drawn (the video's own size times the size factor) and the size the photo is stored at (<= 1024x1024). */
export function photoSizes(videoWidth: number, videoHeight: number): { frame: Size; stored: Size } {
  const frame = { width: Math.round(videoWidth * PHOTO_SIZE_FACTOR), height: Math.round(videoHeight * PHOTO_SIZE_FACTOR) };
  return { frame, stored: fitWithin(frame.width, frame.height) };
}

/** Why the camera gave no picture: refused by the user or the browser, not there, or failing otherwise (busy). */
export type CameraProblem = 'refused' | 'missing' | 'failed';

export function cameraProblem(error: unknown): CameraProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  // OverconstrainedError: no camera can give what was asked, which to the user is no camera.
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/** The video's current frame as a JPEG at the spec's compression. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const { frame } = photoSizes(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = frame.width;
  canvas.height = frame.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.drawImage(video, 0, 0, frame.width, frame.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no frame'))), PHOTO_TYPE, PHOTO_QUALITY);
  });
}

/** Turns the camera off: every track of the stream ends (the camera's light goes out). */
export function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
