// The barcode pay-in page: the customer's logo, the pay-in reference as a Code 128 barcode with the reference
// written under it, an amount field for the payer's own use (the barcode holds the reference only, so it stays the
// same whatever is paid in: docs/decisions.md), and the customer's instruction, points-ranking and support links.
import { useEffect, useState } from 'react';
import type { PayinPage as Page } from '../../../shared/payin.ts';
import { formatAmount, toThousandths } from '../../../shared/money.ts';
import { LanguageChoice } from '../../ui/LanguageChoice.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { Message } from '../StepHeading.tsx';
import { applyTheme, safeImageUrl, safeLink } from '../theme.ts';
import { amountLocale, switchLanguage, useText } from '../texts.ts';
import { Barcode } from './Barcode.tsx';
import type { PayinResult } from './payinApi.ts';

function Header({ page }: { page: Page | null }) {
  const { t, i18n } = useText();
  const logo = safeImageUrl(page?.logo ?? null);
  return (
    <header className="collect-header">
      <div className="collect-brand">{logo ? <img className="collect-logo" src={logo} alt={page?.customerName ?? ''} /> : <span className="collect-brand-name">{page?.customerName ?? ''}</span>}</div>
      <LanguageChoice current={i18n.language} label={t('language')} nameOf={(language) => t(`languages.${language}`)} change={switchLanguage} />
    </header>
  );
}

function Amount({ currency }: { currency: string }) {
  const { t, i18n } = useText();
  const [value, setValue] = useState('');
  const typed = value.trim();
  const amount = typed ? toThousandths(typed) : null;
  const error = typed && (amount === null || amount <= 0) ? t('validation:INVALID_AMOUNT') : undefined;
  return (
    <div className="payin-amount">
      <TextField
        name="amount"
        label={t('payin.amount', { currency })}
        info={error ? undefined : t('payin.amountInfo')}
        error={error}
        value={value}
        onValueChange={setValue}
        inputMode="decimal"
        autoComplete="off"
        maxLength={16}
      />
      {amount !== null && amount > 0 && (
        <p className="payin-to-pay" aria-live="polite">
          {t('payin.toPay', { amount: formatAmount(amount, { locale: amountLocale(i18n.language), currency }) })}
        </p>
      )}
    </div>
  );
}

function Reference({ page }: { page: Page }) {
  const { t } = useText();
  if (!page.reference || !page.currency) return <Message kind="info">{t('payin.noAccount')}</Message>;
  return (
    <>
      <p className="muted">{t('payin.intro', { name: page.customerName })}</p>
      <figure className="payin-code">
        <Barcode value={page.reference} label={t('payin.barcode', { reference: page.reference })} />
        <figcaption>
          <span className="muted">{t('payin.reference')}</span>
          <strong className="payin-reference">{page.reference}</strong>
        </figcaption>
      </figure>
      <Amount currency={page.currency} />
    </>
  );
}

function Links({ page }: { page: Page }) {
  const { t } = useText();
  const links = [
    { href: safeLink(page.instructionLink), text: t('payin.instruction') },
    { href: safeLink(page.pointsRankingLink), text: page.pointsRankingLinkText?.trim() || t('payin.pointsRanking') },
    { href: safeLink(page.supportLink), text: page.supportLinkText?.trim() || t('payin.support') },
  ].filter((link): link is { href: string; text: string } => link.href !== null);
  if (!links.length) return null;
  return (
    <footer className="collect-footer">
      <ul className="payin-links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.text}</a>
          </li>
        ))}
      </ul>
    </footer>
  );
}

export function PayinPage({ result }: { result: PayinResult }) {
  const { t } = useText();
  const page = result.kind === 'page' ? result.page : null;
  const title = result.kind === 'break' ? t('technicalBreak.title') : result.kind === 'notFound' ? t('notFound.title') : t('payin.title');
  useEffect(() => applyTheme(page, title), [page, title]);
  return (
    <div className="collect-page">
      <Header page={page} />
      <main className="collect-main">
        <div className="collect-card">
          <h1 className="collect-title">{title}</h1>
          {page && <Reference page={page} />}
          {result.kind === 'break' && <p className="muted">{t('technicalBreak.message')}</p>}
          {result.kind === 'notFound' && <p className="muted">{t('notFound.text')}</p>}
          {result.kind === 'unavailable' && <Message kind="error">{t('unavailable')}</Message>}
        </div>
      </main>
      {page && <Links page={page} />}
    </div>
  );
}
