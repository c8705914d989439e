import { useId, useState, useSyncExternalStore } from 'react';
import { getLanguageChoice, type LanguageChoice } from '@/lib/i18n/language';
import { setLanguageChoice, subscribeLanguage } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useToast } from '@/hooks/use-toast';
import { getThemeChoice, setThemeChoice, subscribeTheme, type ThemeChoice } from '@/lib/theme';
import { SettingsCard } from './settings-card';

const THEMES = ['light', 'dark', 'system'] as const satisfies readonly ThemeChoice[];
const LANGUAGE_CHOICES = ['system', 'en', 'zh'] as const satisfies readonly LanguageChoice[];

interface Option<V extends string> {
  value: V;
  label: string;
  /** The option's own language, for a screen reader (a language's name is written in that language). */
  lang?: string;
}

/** A radio group drawn as a segmented control: arrow keys move between the options, the choice applies at once. */
function ChoiceGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: Option<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            lang={option.lang}
            className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-medium text-slate-700 transition has-checked:bg-surface has-checked:text-brand-700 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:has-checked:text-brand-300 dark:has-focus-visible:outline-brand-400"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Theme (decision 010) and language (docs/i18n.md): kept on this device, applied without a reload. */
export function AppearanceSection() {
  const t = useT();
  const toast = useToast();
  const name = useId();
  const theme = useSyncExternalStore(subscribeTheme, getThemeChoice, getThemeChoice);
  const language = useSyncExternalStore(subscribeLanguage, getLanguageChoice, getLanguageChoice);
  // The choice shows at once; the catalogue of the new language may still be on its way.
  const [pendingLanguage, setPendingLanguage] = useState<LanguageChoice | null>(null);

  const chooseLanguage = (choice: LanguageChoice) => {
    setPendingLanguage(choice);
    setLanguageChoice(choice).then(
      () => setPendingLanguage(null),
      () => {
        setPendingLanguage(null);
        toast.error(t('settings.appearance.languageFailed'));
      },
    );
  };

  return (
    <SettingsCard title={t('settings.appearance.heading')}>
      <ChoiceGroup
        legend={t('settings.appearance.theme')}
        name={`${name}-theme`}
        value={theme}
        onChange={setThemeChoice}
        options={THEMES.map((value) => ({ value, label: t(`settings.appearance.theme.${value}`) }))}
      />
      <ChoiceGroup
        legend={t('settings.appearance.language')}
        name={`${name}-language`}
        value={pendingLanguage ?? language}
        onChange={chooseLanguage}
        options={LANGUAGE_CHOICES.map((value) => ({
          value,
          label: t(`settings.appearance.language.${value}`),
          lang: value === 'en' ? 'en' : value === 'zh' ? 'zh-CN' : undefined,
        }))}
      />
      <p className="text-sm text-slate-600">{t('settings.appearance.hint')}</p>
    </SettingsCard>
  );
}
