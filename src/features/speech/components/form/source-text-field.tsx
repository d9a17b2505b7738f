import { useFormContext, useWatch } from 'react-hook-form';
import { countSourceTextChars, SOURCE_TEXT_MAX_CHARS, truncateSourceText } from '@/contract';
import type { SpeechFormValues } from '../../api/speech-form-schema';
import { FieldError } from './field-error';
import { formatCount } from '@/lib/format';

const n = formatCount;

/** The text, counted in code points as the gateway counts; above the cap sending is blocked until trimmed. */
export function SourceTextField() {
  const { register, control, setValue, formState } = useFormContext<SpeechFormValues>();
  const text = useWatch({ control, name: 'sourceText' });
  const count = countSourceTextChars(text);
  const over = count > SOURCE_TEXT_MAX_CHARS;
  const error = formState.errors.sourceText?.message;
  const trim = () => setValue('sourceText', truncateSourceText(text), { shouldValidate: true, shouldDirty: true });
  return (
    <div className="field field-text">
      <label htmlFor="speech-text">Text to synthesize</label>
      <textarea
        id="speech-text"
        rows={6}
        aria-invalid={over || Boolean(error)}
        aria-describedby="speech-text-count speech-text-error speech-text-over"
        {...register('sourceText')}
      />
      <p id="speech-text-count" className={over ? 'char-count is-over' : 'char-count'}>
        {n(count)} / {n(SOURCE_TEXT_MAX_CHARS)} characters
      </p>
      {over ? (
        <div id="speech-text-over" role="alert" className="over-limit">
          <p>
            The text is {n(count)} characters. The gateway keeps only the first {n(SOURCE_TEXT_MAX_CHARS)} and silently drops the other{' '}
            {n(count - SOURCE_TEXT_MAX_CHARS)}, so sending is blocked.
          </p>
          <button type="button" onClick={trim}>
            Trim to {SOURCE_TEXT_MAX_CHARS}
          </button>
        </div>
      ) : (
        <FieldError id="speech-text-error" message={error} />
      )}
    </div>
  );
}
