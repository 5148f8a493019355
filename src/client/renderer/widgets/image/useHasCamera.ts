// Whether this browser can take a photo: it offers getUserMedia (only on a secure page) and lists a camera. Listing
// the devices asks no permission (before one is given the browser names no device, but still says a camera is
// there); a camera plugged in or out later changes the answer.
import { useEffect, useState } from 'react';

export function useHasCamera(wanted: boolean): boolean {
  const [hasCamera, setHasCamera] = useState(false);
  useEffect(() => {
    const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!wanted || !devices?.getUserMedia || !devices.enumerateDevices) return;
    let current = true;
    const check = () => {
      devices.enumerateDevices().then(
        (list) => current && setHasCamera(list.some((device) => device.kind === 'videoinput')),
        () => current && setHasCamera(false),
      );
    };
    check();
    devices.addEventListener('devicechange', check);
    return () => {
      current = false;
      devices.removeEventListener('devicechange', check);
    };
  }, [wanted]);
  return hasCamera;
}
