import { f, survey } from '@attain/shared-types';
import { useSearchParams } from 'react-router-dom';
import { RefPicker } from '../../components/entity/ref-picker';

/** A reference to a survey, for the picker (labelled by the survey's name). */
const SURVEY_REF = f.ref('survey', 'Survey', 'survey');

/**
 * The survey a Host or Report page shows (`?survey=<id>`, so it can be linked to and bookmarked) and its picker: the
 * campus's surveys, newest pages first with "Load more"; a linked survey not on the pages read is read by id.
 */
export function useChosenSurvey() {
  const [params, setParams] = useSearchParams();
  const id = params.get('survey') ?? undefined;
  const choose = (v: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (v) n.set('survey', v);
      else n.delete('survey');
      return n;
    });
  const picker = (
    <div className="filter-bar" role="search" aria-label="Choose a survey">
      <span className="filter">
        <label htmlFor="pick-survey">Survey</label>
        <RefPicker
          def={survey}
          field={SURVEY_REF}
          value={id}
          chosen={{}}
          inputId="pick-survey"
          placeholder="Choose a survey"
          filter
          onChange={choose}
        />
      </span>
    </div>
  );
  return { id, picker };
}
