// "url": a one-line input (the text widget) for an address whose host must be public (the safeUrl and webhookUrl
// formats). Loaded beside the forms that name it (registry.ts), it brings their validators those rules and the address
// classifier they need (shared/validation/urls.ts), which no other form loads.
import { provideBrowserRule } from '../../../shared/validation/browser-rules.ts';
import { isSafeUrl, isWebhookUrl } from '../../../shared/validation/urls.ts';

provideBrowserRule('safeUrl', isSafeUrl);
provideBrowserRule('webhookUrl', isWebhookUrl);

export { default } from './TextWidget.tsx';
