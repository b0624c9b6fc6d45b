package lang

import "testing"

func TestDetectLanguage(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"English", "The lighthouse was lit at dusk, and the keeper wrote in his log that the storm had broken two of the windows on the north side of the tower. It was the worst night of the year.", "en"},
		{"German", "Der Leuchtturm wurde bei Einbruch der Dunkelheit angezündet, und der Wärter schrieb in sein Logbuch, dass der Sturm zwei Fenster auf der Nordseite des Turms zerbrochen hatte. Es war die schlimmste Nacht des Jahres, und auch die Boote sind nicht mit ausgefahren.", "de"},
		{"French", "Le phare a été allumé au crépuscule, et le gardien a écrit dans son journal que la tempête avait brisé deux des fenêtres du côté nord de la tour. Ce fut la pire nuit de l'année pour les pêcheurs qui sont restés dans le port avec leur famille.", "fr"},
		{"Spanish", "El faro se encendió al anochecer y el guardián escribió en su diario que la tormenta había roto dos de las ventanas del lado norte de la torre. Fue la peor noche del año para los pescadores, que se quedaron en el puerto con sus familias y también con los perros.", "es"},
		{"TooShort", "The storm.", ""},
		{"Figures", "2022 2021 2020 34,229 35,355 32,184 $ % 12.1 13.4", ""},
		{"Unknown", "Маяк зажгли в сумерках, и смотритель записал в журнал, что буря разбила два окна на северной стороне башни.", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := DetectLanguage(c.text); got != c.want {
				t.Fatalf("DetectLanguage = %q, want %q", got, c.want)
			}
		})
	}
}

func TestLanguageCode(t *testing.T) {
	for in, want := range map[string]string{"en": "en", "German": "de", "FR": "fr"} {
		if got, ok := LanguageCode(in); !ok || got != want {
			t.Errorf("LanguageCode(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := LanguageCode("klingon"); ok {
		t.Error("an unknown language was accepted")
	}
}
