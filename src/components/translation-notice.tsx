import { Link } from "gatsby"
import { useLanguage } from "../i18n/language-context"
import { formatDate } from "../i18n/format-date"

type TranslationNoticeProps = {
  /** The English page of the same text. */
  englishPath: string
  /** The English effective date the translation follows, and the one in effect when it is older. */
  translationOf: string
  outdated: boolean
}

/**
 * What a translated legal text says above itself: that the English version
 * prevails, with a link to it, and, when the English text has a newer
 * effective date, that this translation follows an older version.
 */
export function TranslationNotice({ englishPath, translationOf, outdated }: TranslationNoticeProps) {
  const { lang, t } = useLanguage()
  return (
    <aside
      sx={{
        mt: 4,
        p: 4,
        borderRadius: "medium",
        border: "1px solid",
        borderColor: outdated ? "accent" : "border",
        fontSize: 1,
      }}
    >
      {outdated && (
        <p sx={{ m: 0, mb: 2, fontWeight: "bold" }}>
          {t("legal.outdated", { date: formatDate(lang, translationOf) })}{" "}
          <Link to={englishPath} hrefLang="en" sx={{ color: "accent" }}>
            {t("legal.readCurrent")}
          </Link>
        </p>
      )}
      <p sx={{ m: 0 }}>
        {t("legal.englishPrevails")}{" "}
        <Link to={englishPath} hrefLang="en" sx={{ color: "accent" }}>
          {t("legal.readEnglish")}
        </Link>
      </p>
    </aside>
  )
}
