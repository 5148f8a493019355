// "Take a photo" (spec: "Photo capture: JPEG, compression 0.7, size factor 1, ideal resolution 1024x756"; front camera
// by default, rear on request; "Uploaded images are resized to at most 1024x1024"): what is asked of the camera, the
// sizes a frame is drawn and stored at, and which message a camera failure shows.
import { describe, expect, it } from 'vitest';
import { cameraProblem, photoConstraints, photoSizes, PHOTO_QUALITY, PHOTO_TYPE } from '../../src/client/renderer/widgets/image/photoCapture.ts';

describe('photo capture', () => {
  it('asks for video only, at the ideal 1024x756, from the front or the rear camera', () => {
    expect(photoConstraints('user')).toEqual({ audio: false, video: { facingMode: 'user', width: { ideal: 1024 }, height: { ideal: 756 } } });
    expect(photoConstraints('environment')).toEqual({ audio: false, video: { facingMode: 'environment', width: { ideal: 1024 }, height: { ideal: 756 } } });
  });

  it('takes a JPEG at compression 0.7', () => {
    expect(PHOTO_TYPE).toBe('image/jpeg');
    expect(PHOTO_QUALITY).toBe(0.7);
  });

  it('draws the frame at the video size (size factor 1) and stores it fitted into 1024x1024', () => {
    expect(photoSizes(1024, 756)).toEqual({ frame: { width: 1024, height: 756 }, stored: { width: 1024, height: 756 } });
    expect(photoSizes(1280, 720)).toEqual({ frame: { width: 1280, height: 720 }, stored: { width: 1024, height: 576 } });
    expect(photoSizes(1920, 1080)).toEqual({ frame: { width: 1920, height: 1080 }, stored: { width: 1024, height: 576 } });
    // A phone held upright gives a portrait frame.
    expect(photoSizes(720, 1280)).toEqual({ frame: { width: 720, height: 1280 }, stored: { width: 576, height: 1024 } });
    expect(photoSizes(4032, 3024)).toEqual({ frame: { width: 4032, height: 3024 }, stored: { width: 1024, height: 768 } });
    // Never enlarged.
    expect(photoSizes(640, 480)).toEqual({ frame: { width: 640, height: 480 }, stored: { width: 640, height: 480 } });
  });

  it('tells a refused camera from a missing one and from one that fails', () => {
    expect(cameraProblem(new DOMException('Permission denied', 'NotAllowedError'))).toBe('refused');
    expect(cameraProblem(new DOMException('Insecure page', 'SecurityError'))).toBe('refused');
    expect(cameraProblem(new DOMException('Requested device not found', 'NotFoundError'))).toBe('missing');
    expect(cameraProblem(Object.assign(new Error('No camera meets the request'), { name: 'OverconstrainedError' }))).toBe('missing');
    expect(cameraProblem(new DOMException('Could not start video source', 'NotReadableError'))).toBe('failed');
    expect(cameraProblem(new DOMException('Aborted', 'AbortError'))).toBe('failed');
    expect(cameraProblem('something else')).toBe('failed');
  });
});
