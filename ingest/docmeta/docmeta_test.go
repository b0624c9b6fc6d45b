package docmeta

import "testing"

func TestDetect(t *testing.T) {
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
			if got := Detect(c.text); got != c.want {
				t.Fatalf("Detect = %q, want %q", got, c.want)
			}
		})
	}
}

func TestCreated(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"ISO", "Invoice 2022-03-14 number 77", "2022-03-14"},
		{"MonthFirst", "Dear Sir, London, January 5, 2022. We write", "2022-01-05"},
		{"DayFirst", "Minutes of the meeting held on 5th of March 2021", "2021-03-05"},
		{"Dotted", "Berlin, den 05.01.2022", "2022-01-05"},
		{"FirstWritten", "March 3, 2023: about the order of 2023-06-01", "2023-03-03"},
		{"ImpossibleSkipped", "2022-02-30 and then 2022-03-01", "2022-03-01"},
		{"SlashedIgnored", "Due 01/05/2022", ""},
		{"None", "No date here, only 2022 as a year.", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Created(c.text); got != c.want {
				t.Fatalf("Created = %q, want %q", got, c.want)
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
