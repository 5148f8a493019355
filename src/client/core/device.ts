// The device id sent with login calls. Before the cookie exists, the id chosen for this browser tab
// is kept in sessionStorage so that the login and the authorize call name the same device.
import { DEVICE_COOKIE, deviceCookie, generateDeviceId, isDeviceId, readCookie } from '../../shared/device.ts';

const PENDING_KEY = 'pendingDevice';

function cookieValue(): string | undefined {
  const value = readCookie(document.cookie, DEVICE_COOKIE);
  return isDeviceId(value) ? value : undefined;
}

export function currentDeviceId(): string {
  const fromCookie = cookieValue();
  if (fromCookie) return fromCookie;
  const pending = sessionStorage.getItem(PENDING_KEY);
  if (isDeviceId(pending)) return pending;
  const created = generateDeviceId();
  sessionStorage.setItem(PENDING_KEY, created);
  return created;
}

/** After a successful device authorization: remember this browser until the end of the day. */
export function rememberDevice(deviceId: string): void {
  if (!cookieValue()) document.cookie = deviceCookie(deviceId, new Date(), location.protocol === 'https:');
  sessionStorage.removeItem(PENDING_KEY);
}
