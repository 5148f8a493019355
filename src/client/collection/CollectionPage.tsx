// The collection page: the customer's (and program's) header, the language switch, the wizard and the support link.
// The public steps (phone number, SMS code) are here; the signed-in ones (payouts, bank account, success) load as
// their own chunk, started while the visitor types the code. During a technical break (the page's calls answer it)
// the page shows the break screen instead, whenever the break is met: at opening or in the middle of the wizard.
import { Suspense, useCallback, useEffect, useState } from 'react';
import type { TemplateProperties } from '../../shared/collection.ts';
import { lazyWithReload } from '../core/lazyWithReload.ts';
import { LanguageChoice } from '../ui/LanguageChoice.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { CodeStep } from './CodeStep.tsx';
import { Deployment } from './Deployment.tsx';
import { endSession, isTechnicalBreak, startSession, type Page, type TemplateResult } from './pageApi.ts';
import { PhoneStep } from './PhoneStep.tsx';
import { Message } from './StepHeading.tsx';
import { applyTheme, safeImageUrl, safeLink } from './theme.ts';
import { switchLanguage, useText } from './texts.ts';

const SignedIn = lazyWithReload(() => import('./SignedIn.tsx'));

function Header({ properties }: { properties: TemplateProperties | null }) {
  const { t, i18n } = useText();
  const logo = properties?.headerType !== 'TITLE' ? safeImageUrl(properties?.logo ?? null) : null;
  const name = properties ? (properties.headerType === 'TITLE' && properties.title) || properties.customerName : '';
  const brand = logo ? <img className="collect-logo" src={logo} alt={properties?.customerName ?? ''} /> : <span className="collect-brand-name">{name}</span>;
  const link = safeLink(properties?.headerLink);
  return (
    <header className="collect-header">
      <div className="collect-brand">{link ? <a href={link}>{brand}</a> : brand}</div>
      <LanguageChoice current={i18n.language} label={t('language')} nameOf={(language) => t(`languages.${language}`)} change={switchLanguage} />
    </header>
  );
}

function Wizard({ properties, onBreak }: { properties: TemplateProperties; onBreak: () => void }) {
  const { t } = useText();
  const page: Page = { customerUrl: properties.customerUrl, programUrl: properties.programUrl };
  const [stage, setStage] = useState<'phone' | 'code' | 'signedIn'>('phone');
  const [phone, setPhone] = useState('');
  const [moved, setMoved] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const go = useCallback((next: typeof stage) => {
    setFailed(false);
    setMoved(true);
    setStage(next);
  }, []);

  useEffect(
    () =>
      startSession(
        () => {
          endSession();
          setNotice('sessionEnded');
          go('phone');
        },
        (error) => (isTechnicalBreak(error) ? onBreak() : setFailed(true)),
      ),
    [go, onBreak],
  );

  return (
    <>
      {failed && <Message kind="error">{t('failed', { email: properties.supportEmail })}</Message>}
      {stage === 'phone' && (
        <PhoneStep
          page={page}
          focus={moved}
          notice={notice ? t(notice) : null}
          onSent={(number) => {
            setPhone(number);
            setNotice(null);
            void SignedIn.preload().catch(() => undefined);
            go('code');
          }}
        />
      )}
      {stage === 'code' && <CodeStep page={page} phone={phone} onSignedIn={() => go('signedIn')} onChangePhone={() => go('phone')} />}
      {stage === 'signedIn' && (
        <Suspense fallback={<Spinner />}>
          <SignedIn properties={properties} />
        </Suspense>
      )}
    </>
  );
}

export function CollectionPage({ result }: { result: TemplateResult }) {
  const { t } = useText();
  const [onBreak, setOnBreak] = useState(result.kind === 'break');
  const showBreak = useCallback(() => setOnBreak(true), []);
  const properties = result.kind === 'page' ? result.properties : null;
  const pageTitle = properties?.pageTitle?.trim() || t('defaults.pageTitle');
  const title = onBreak ? t('technicalBreak.title') : result.kind === 'notFound' ? t('notFound.title') : pageTitle;
  useEffect(() => applyTheme(properties, title), [properties, title]);
  const support = properties ? safeLink(properties.supportLink) ?? `mailto:${properties.supportEmail}` : null;
  return (
    <div className="collect-page">
      <Deployment />
      <Header properties={properties} />
      <main className="collect-main">
        <div className="collect-card">
          <h1 className="collect-title">{title}</h1>
          {onBreak ? (
            <p className="muted">{t('technicalBreak.message')}</p>
          ) : (
            <>
              {result.kind === 'page' && <Wizard properties={result.properties} onBreak={showBreak} />}
              {result.kind === 'home' && <p className="muted">{t('home')}</p>}
              {result.kind === 'notFound' && <p className="muted">{t('notFound.text')}</p>}
              {result.kind === 'unavailable' && <Message kind="error">{t('unavailable')}</Message>}
            </>
          )}
        </div>
      </main>
      {properties && support && (
        <footer className="collect-footer">
          <a href={support}>{properties.supportLinkText?.trim() || t('defaults.supportLinkText')}</a>
        </footer>
      )}
    </div>
  );
}
