import { LANGUAGE_NAMES, LANGUAGES, Language } from '@backline/contract/core/enums';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentStore } from '@/stores/agent-store';

interface LanguageSelectProps {
  className?: string;
  /** Called after the store switched, only for a choice made in this select. */
  onChange?: (language: Language) => void;
}

export function LanguageSelect({ className, onChange }: LanguageSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const language = useAgentStore((s) => s.language);
  const setLanguage = useAgentStore((s) => s.setLanguage);
  return (
    <div className={`language-select${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{t('common.language')}</label>
      <select
        id={id}
        value={language}
        onChange={(e) => {
          const parsed = Language.safeParse(e.target.value);
          if (!parsed.success) return;
          setLanguage(parsed.data);
          onChange?.(parsed.data);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
