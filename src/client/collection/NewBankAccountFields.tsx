// Step 4's new bank account: its country, then the beneficiary type and the details its payment route needs, or
// why there is no route.
import { BENEFICIARY_TYPES } from '../../shared/collection.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { TextField } from '../ui/TextField.tsx';
import { Message } from './StepHeading.tsx';
import { useText } from './texts.ts';
import { DEFAULT_COUNTRY, type BankChoice } from './useBankChoice.ts';

/** `id`: the prefix of the fields' ids. */
export function NewBankAccountFields({ id, bank }: { id: string; bank: BankChoice }) {
  const { t } = useText();
  const { countries, countryCode, setCountryCode, routeProblem, required, beneficiaryType, setBeneficiaryType, shown, details, setDetails, errors, setErrors } = bank;
  return (
    <div className="new-account">
      <div className="field">
        <label className="field-label" htmlFor={`${id}-country`}>
          {t('bank.country')}
        </label>
        <div className="field-control">
          <select id={`${id}-country`} value={countryCode} onChange={(event) => setCountryCode(event.target.value)}>
            {(countries.length ? countries : [{ countryCode: DEFAULT_COUNTRY, label: DEFAULT_COUNTRY }]).map((country) => (
              <option key={country.countryCode} value={country.countryCode}>
                {country.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {routeProblem ? (
        <Message kind="error">{routeProblem}</Message>
      ) : required === null ? (
        <Spinner />
      ) : (
        <>
          <fieldset className="choice-list choice-inline">
            <legend className="field-label">{t('bank.beneficiaryType')}</legend>
            {BENEFICIARY_TYPES.map((type) => (
              <label key={type} className="choice-option">
                <input type="radio" name="beneficiaryType" value={type} checked={beneficiaryType === type} onChange={() => setBeneficiaryType(type)} />
                <span>{t(`bank.${type}`)}</span>
              </label>
            ))}
          </fieldset>
          {shown.map((field) => (
            <TextField
              key={field}
              id={`${id}-${field}`}
              name={field}
              label={t(`bank.${field}`)}
              value={details[field]}
              onValueChange={(value) => {
                setDetails((current) => ({ ...current, [field]: value }));
                setErrors((current) => ({ ...current, [field]: undefined }));
              }}
              error={errors[field]}
              info={field === 'sortCode' ? t('bank.sortCodeInfo') : undefined}
              required
              autoComplete={field === 'beneficiaryName' ? 'name' : 'off'}
              autoCapitalize={field === 'beneficiaryName' ? 'words' : 'characters'}
              spellCheck={false}
            />
          ))}
        </>
      )}
    </div>
  );
}
