// The unauthenticated calls of the login and restore-password screens.
import { api } from '../../core/api.ts';
import type { LoginAnswer, TokenAnswer } from '../../core/types.ts';

export type Identifier = { login: string } | { phoneNumber: string };

export interface LoginRequest {
  password?: string;
  device: string;
  customer?: string;
}

export function login(identifier: Identifier, request: LoginRequest): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/login', { ...identifier, ...request });
}

export function authorizeDevice(identifier: Identifier, verificationCode: string, device: string, customer?: string): Promise<TokenAnswer> {
  return api.post<TokenAnswer>('/login/authorize', { ...identifier, verificationCode, device, customer });
}

export function requestPasswordCode(identity: string): Promise<{ success: boolean }> {
  return api.post<{ success: boolean }>('/user/restorePassword', { identity });
}

export interface SetPasswordRequest {
  identity: string;
  emailAuthorizationCode: string;
  password: string;
  confirmPassword: string;
}

export function setNewPassword(request: SetPasswordRequest): Promise<{ success: boolean }> {
  return api.put<{ success: boolean }>('/user/restorePassword', request);
}

export function hasToken(answer: LoginAnswer): answer is TokenAnswer {
  return typeof (answer as TokenAnswer).token === 'string';
}
