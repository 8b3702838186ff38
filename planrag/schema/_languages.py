"""The business words of a question in the languages databases are often written in.

A manager asks in English of a database a German package named (`sczlg`, "Schadenzahlungen":
claim payments), a French team commented ("motif de réclamation") or a Dutch vendor built
(`lev_best`, leverancier and bestelling). Ranking (`planrag.schema._relevance`) lets a question
word meet the schema through its translations here, as it does through its synonyms, and
through their abbreviations (`lev` for "leverancier") and the compounds that hold them
("schadenzahlungen" holds "zahlung").

Each line is one concept: its English words, then its words in German, French, Dutch,
Spanish, Italian, Portuguese and Polish, the languages separated by "|". The words are the
general vocabulary of companies' and public services' tables (parties, people, goods, documents,
money, places, time, events, cases and decisions), whatever the organisation does, not any
one database's. A word that means something
else in English, as written or as the stemmer cuts it ("art", "temps" as "temp", "equipe"
as "equip", "poste" as "post"), or in another of the languages is left out, and so are words
shorter than four letters: they would meet half of any schema.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from planrag.schema._tokens import plain, stem

__all__ = ["LEAST_COMPOUNDED", "compounds", "concepts_starting", "general", "translations"]

LEAST_COMPOUNDED = 5
"""Letters a word of another language needs to be found inside a longer schema word."""
INFLECTION = 2
"""Letters around a word of another language that may be its ending, not another word."""

_CONCEPTS = """
customer client buyer | kunde kunden abnehmer | client acheteur | klant afnemer |
    cliente comprador | cliente acquirente | cliente comprador |
    klient klienci odbiorca odbiorcy kontrahent kontrahenci nabywca
supplier vendor | lieferant lieferanten | fournisseur | leverancier |
    proveedor | fornitore | fornecedor | dostawca dostawcy
employee staff worker | mitarbeiter angestellter beschaeftigter | employe salarie
    personnel | medewerker werknemer personeel | empleado trabajador |
    dipendente impiegato personale | funcionario empregado trabalhador |
    pracownik pracownicy personel kadry
product item article | artikel produkt ware | produit article | artikel product |
    producto articulo | prodotto articolo | produto artigo |
    produkt produkty towar towary artykul artykuly wyrob wyroby
order | bestellung auftrag | commande | bestelling order opdracht | pedido orden |
    ordine | pedido encomenda | zamowienie zamowienia zlecenie zlecenia
sale sales sell sold | verkauf umsatz absatz | vente ventes | verkoop omzet | venta ventas |
    vendita vendite | venda vendas | sprzedaz
purchase buy | einkauf beschaffung | achat approvisionnement | inkoop aankoop | compra |
    acquisto | compra | zakup zakupy
invoice bill | rechnung faktura | facture | factuur | factura | fattura | fatura | faktura faktury
payment pay paid | zahlung bezahlung auszahlung | paiement reglement versement | betaling |
    pago | pagamento | pagamento | platnosc platnosci zaplata wplata wplaty
price | preis | prix tarif | prijs | precio | prezzo | preco | ceny cennik
cost expense | kosten aufwand kostenstelle | cout frais depense | kosten uitgave
    kostenplaats | coste costo gasto |
    costo spesa | custo despesa | koszt koszty wydatek wydatki
discount rebate | rabatt nachlass skonto | remise rabais ristourne | korting | descuento |
    sconto | desconto | rabaty upust bonifikata
revenue income turnover | umsatz ertrag erloes einnahme | chiffre revenu | omzet
    opbrengst | ingreso ingresos facturacion | ricavo fatturato | faturamento |
    przychod przychody obrot obroty dochod
contract agreement | vertrag | contrat | contract overeenkomst | contrato | contratto |
    contrato | umowa umowy kontrakt
policy | versicherungsschein | | polis | poliza | polizza | apolice | polisa polisy
claim | schaden schadenfall anspruch | sinistre | schade | siniestro |
    sinistro | sinistro | szkoda szkody roszczenie roszczenia
premium | praemie beitrag | cotisation | premie | | premio | premio | skladka skladki
insurance insured | versicherung versichert | assurance assure | verzekering verzekerd |
    seguro asegurado | assicurazione assicurato | seguro segurado |
    ubezpieczenie ubezpieczenia ubezpieczony
damage loss | schaden verlust | dommage perte | schade verlies | dano perdida | danno perdita |
    dano perda | szkoda szkody uszkodzenie
complaint complain | beschwerde reklamation | reclamation plainte | klacht | queja
    reclamacion | reclamo lamentela | reclamacao queixa | reklamacja reklamacje skarga skargi
reason cause | grund ursache | motif cause raison | reden oorzaak | motivo causa | motivo
    causa | motivo causa | przyczyna przyczyny powod
return refund | rueckgabe retoure erstattung | retour remboursement | retour retourzending
    terugbetaling | devolucion reembolso | reso rimborso | devolucao reembolso | zwrot zwroty
type kind category | typ kategorie | type categorie genre | soort categorie |
    tipo categoria clase | tipo categoria | tipo categoria | rodzaj rodzaje kategoria kategorie
group | gruppe | groupe | groep | grupo | gruppo | grupo | grupy
status state | zustand | statut etat | toestand | estado | stato | estado situacao |
store shop outlet branch | filiale laden geschaeft niederlassung | magasin boutique
    succursale agence | filiaal winkel vestiging | tienda sucursal | negozio filiale |
    loja filial | sklep sklepy oddzial oddzialy
warehouse depot | lager lagerhaus | entrepot depot magasin | magazijn depot | almacen |
    magazzino deposito | armazem deposito | magazyn magazyny
stock inventory | bestand lagerbestand vorrat | stock inventaire | voorraad |
    existencias inventario | giacenza scorta inventario | estoque inventario | zapas zapasy stany
delivery shipment | lieferung versand sendung lieferschein | livraison envoi | levering
    zending verzending pakbon | entrega envio albaran | consegna spedizione | entrega remessa |
    dostawa dostawy wysylka wysylki przesylka przesylki
vehicle car truck lorry | fahrzeug lastwagen | vehicule voiture camion | voertuig
    vrachtwagen | vehiculo camion | veicolo camion | veiculo caminhao |
    pojazd pojazdy samochod samochody ciezarowka
aircraft plane | flugzeug luftfahrzeug | avion aeronef | vliegtuig | avion aeronave |
    aereo aeromobile | aviao aeronave | samolot samoloty
engine | triebwerk motor | moteur | motor | motor | motore | motor | silnik silniki
part component spare | teil bauteil ersatzteil komponente | composant | onderdeel
    component | pieza repuesto componente | pezzo ricambio componente | peca componente |
    czesc czesci komponent komponenty
machine equipment | maschine anlage geraet | machine equipement | machine apparaat
    installatie | maquina | macchina impianto | maquina equipamento |
    maszyna maszyny sprzet wyposazenie
maintenance repair | wartung instandhaltung reparatur | maintenance entretien reparation |
    onderhoud reparatie | mantenimiento reparacion | manutenzione riparazione |
    manutencao reparacao | naprawa naprawy konserwacja serwis
defect fault failure breakdown | mangel fehler stoerung defekt beanstandung | defaut panne |
    defect uitval | defecto averia fallo | difetto guasto | defeito avaria falha |
    usterka usterki awaria awarie wada wady
inspection check audit | pruefung kontrolle inspektion | controle inspection |
    controle inspectie keuring | inspeccion | ispezione controllo |
    inspecao controle | kontrola kontrole przeglad przeglady inspekcja audyt
building | gebaeude | batiment | gebouw | edificio | edificio | edificio | budynek budynki
address | adresse anschrift | adresse | adres | direccion | indirizzo | endereco | adres adresy
city town | stadt | ville | stad plaats | ciudad | citta | cidade | miasto miasta miejscowosc
region area district | region bezirk gebiet | region secteur | regio gebied |
    region zona | regione zona | regiao zona | obszar wojewodztwo powiat
country | staat | | | pais | paese | pais | kraj kraje
postcode zip | postleitzahl | postal | postcode | postal | postale | postal | pocztowy
date | datum | date | datum | fecha | | |
time | zeit uhrzeit | heure | tijd | hora tiempo | tempo | tempo hora | czas
year | jahr | annee | jaar | anno | anno | ano |
month | monat | mois | maand | mes | mese | mes | miesiac miesiace
week | woche | semaine | week | semana | settimana | semana | tydzien tygodnie
day | tag | jour | dag | dia | giorno | dia | dzien
hour | stunde | heure | uur | hora | ora | hora | godzina godziny
shift roster | schicht dienstplan | | dienst rooster | turno |
    turno | turno | zmiana zmiany
team crew | team mannschaft besatzung | equipage | ploeg bemanning | equipo
    tripulacion | squadra equipaggio | tripulacao | zespol zespoly zaloga brygada
manager supervisor | leiter vorgesetzter | responsable directeur | leidinggevende
    beheerder | gerente jefe responsable | responsabile direttore | gerente chefe |
    kierownik kierownicy przelozony
department division | abteilung | departement | afdeling | departamento |
    reparto dipartimento | departamento | dzial dzialy wydzial
salary wage | gehalt lohn | salaire paie | salaris loon | salario sueldo | stipendio
    salario | salario | wynagrodzenie wynagrodzenia pensja
absence leave sick | abwesenheit urlaub krank | absence conge maladie | afwezigheid verlof
    ziek | ausencia permiso baja | assenza ferie malattia | ausencia licenca |
    nieobecnosc nieobecnosci urlop urlopy chorobowe
training course | schulung ausbildung kurs | formation cours | opleiding training cursus |
    formacion curso | formazione corso | formacao curso | szkolenie szkolenia
skill qualification | qualifikation faehigkeit | competence qualification | vaardigheid
    kwalificatie | habilidad cualificacion | competenza qualifica | competencia qualificacao |
    umiejetnosc umiejetnosci kwalifikacje kompetencje
account | konto | compte | rekening | cuenta | conto | conta | konto konta rachunek rachunki
budget | budget | budget | budget begroting | presupuesto | bilancio | orcamento | budzet budzety
amount sum total | betrag summe | montant somme | bedrag | monto | importo |
    montante valor | kwota kwoty wartosc
quantity volume | menge anzahl | quantite | aantal hoeveelheid | cantidad | quantita |
    quantidade | ilosc ilosci objetosc
weight weigh weighing weighbridge | gewicht waage verwiegung | poids pesee bascule | gewicht
    weging weegbrug | peso pesaje bascula | peso pesatura | peso pesagem balanca |
    waga wagi wazenie
capacity | kapazitaet | capacite | capaciteit | capacidad | capacita | capacidade |
    pojemnosc przepustowosc
demand | bedarf nachfrage | demande besoin | vraag behoefte | demanda | domanda fabbisogno |
    procura demanda | zapotrzebowanie
forecast | prognose vorhersage | prevision | prognose | prevision | previsione | previsao |
    prognoza prognozy
plan schedule | planung plan | planification | planning | planificacion | pianificazione
    programma | planejamento | planowanie harmonogram plany
delay late | verspaetung verzoegerung | retard | vertraging | retraso demora | ritardo |
    atraso | opoznienie opoznienia zwloka
event incident | ereignis vorfall | evenement incident | gebeurtenis voorval | evento
    incidente | evento incidente | evento incidente | zdarzenie zdarzenia incydent
accident | unfall | accident | ongeval | accidente | incidente | acidente | wypadek wypadki
fraud | betrug | fraude | fraude | fraude | frode | fraude | oszustwo oszustwa naduzycie
risk | risiko | risque | risico | riesgo | rischio | risco | ryzyko
catastrophe disaster | katastrophe | catastrophe | catastrofe | catastrofe desastre |
    catastrofe disastro | catastrofe desastre | katastrofa
storm | sturm unwetter | tempete orage | storm | tormenta | tempesta | tempestade | burza sztorm
fire | feuer | incendie | | incendio | incendio | incendio | pozar pozary
water | wasser | eau | water | agua | acqua | agua | woda
energy power electricity | energie strom | energie electricite | energie stroom | energia
    electricidad | energia elettricita | energia eletricidade | energia prad
fuel | kraftstoff treibstoff | carburant | brandstof | combustible | carburante |
    combustivel | paliwo paliwa
meter reading | zaehler ablesung | compteur releve | meter meterstand | contador lectura |
    contatore lettura | contador leitura | licznik liczniki odczyt odczyty
network grid | netz | reseau | netwerk | | | rede | siec sieci
line | linie leitung | ligne | lijn | linea | linea | linha | linia linie
site location | standort | emplacement | locatie vestiging | ubicacion emplazamiento |
    ubicazione | localizacao | lokalizacja lokalizacje
station | station bahnhof | gare station | station | estacion | stazione | estacao |
    stacja stacje dworzec
route trip journey | strecke fahrt reise | trajet itineraire | traject reis | ruta viaje |
    percorso viaggio | rota viagem | trasa trasy podroz podroze przejazd
flight | flug | vol | vlucht | vuelo | volo | voo | loty przelot
passenger | passagier fahrgast | passager voyageur | passagier reiziger | pasajero |
    passeggero | passageiro | pasazer pasazerowie
seat | sitz sitzplatz | siege | stoel zitplaats | asiento | posto | assento |
    miejsce miejsca siedzenie
booking reservation | buchung reservierung | reservation | boeking reservering | reserva |
    prenotazione | reserva | rezerwacja rezerwacje
ticket | ticket fahrkarte | billet | kaartje | billete | biglietto | bilhete | bilet bilety
hotel | hotel | hotel | hotel | hotel | albergo | hotel |
patient | patient | patient | patient | paciente | paziente | paciente | pacjent pacjenci
doctor physician | arzt | medecin | | medico | medico | medico | lekarz lekarze
nurse | pflege pflegekraft | infirmier infirmiere | verpleegkundige | enfermera enfermero |
    infermiere | enfermeiro | pielegniarka pielegniarki
student | student schueler | etudiant eleve | student leerling | estudiante alumno |
    studente | estudante aluno | studenci uczen uczniowie
teacher lecturer | lehrer dozent | enseignant professeur | docent leraar | profesor docente |
    docente insegnante | professor docente | nauczyciel nauczyciele wykladowca
course class | kurs lehrveranstaltung | cours classe | cursus klas | curso clase | corso
    classe | curso turma | kursy zajecia klasa
grade mark | | | cijfer | nota | voto | nota | oceny
farm farmer | hof landwirt | ferme agriculteur | boerderij boer | granja agricultor |
    fattoria agricoltore | fazenda agricultor | gospodarstwo gospodarstwa
milk | milch | lait | melk | leche | latte | leite | mleko
sample test | | echantillon | monster staal | muestra | campione | amostra | probka probki
recipe | rezept rezeptur | recette | recept | receta | ricetta | receita | receptura receptury
batch lot | | lot | partij | lote | lotto | lote |
production produce | produktion fertigung herstellung | production fabrication |
    productie | produccion fabricacion | produzione | producao fabricacao | produkcja wytwarzanie
tool | werkzeug | outil | gereedschap | herramienta | utensile attrezzo | ferramenta |
    narzedzie narzedzia
project | projekt | projet | project | proyecto | progetto | projeto | projekt projekty
task job | aufgabe | tache | taak | tarea | compito | tarefa | zadanie zadania
visit | besuch | visite | bezoek | visita | visita | visita | wizyta wizyty
call | anruf | appel | oproep gesprek | llamada | chiamata | chamada | polaczenie polaczenia
subscriber subscription | abonnent abonnement | abonne abonnement | abonnee abonnement |
    abonado suscripcion | abbonato abbonamento | assinante assinatura |
    abonent abonenci abonament subskrypcja
partner | partner | partenaire | partner | socio | partner socio | parceiro | wspolnik
agent broker | vermittler makler | courtier intermediaire | tussenpersoon makelaar |
    corredor intermediario | intermediario | corretor intermediario | posrednik posrednicy
commission | | commission | provisie commissie | comision | provvigione |
    comissao | prowizja prowizje
offer quote quotation | angebot kostenvoranschlag | offre devis | offerte aanbieding |
    oferta | offerta
    preventivo | oferta cotacao | oferta oferty
campaign | kampagne aktion | campagne | campagne actie | campana | campagna | campanha |
    kampania kampanie
loyalty | treue kundenbindung | fidelite fidelisation | loyaliteit | fidelidad | fedelta |
    fidelidade | lojalnosc lojalnosciowy
cancel cancellation | storno stornierung kuendigung | annulation
    resiliation | annulering
    opzegging | cancelacion anulacion | annullamento disdetta | cancelamento | anulowanie anulacja
renewal renew | verlaengerung erneuerung | renouvellement | verlenging | renovacion |
    rinnovo | renovacao | odnowienie odnowienia przedluzenie
rule | regel | regle | regel | regla | regola | regra | reguly zasada zasady
score | bewertung | | beoordeling | puntuacion | valutazione |
    avaliacao | punktacja wynik
suspicion suspect | verdacht | soupcon | verdenking | sospecha | sospetto | suspeita |
    podejrzenie podejrzany
appraiser assessor adjuster | gutachter | | taxateur | perito | perito | perito |
    rzeczoznawca likwidator
garage workshop | werkstatt | garage atelier | garage werkplaats | | officina | | warsztat warsztaty

household home homeowner | haushalt hausrat | menage habitation | huishouden
     | hogar vivienda | casa abitazione | residencia | mieszkanie mieszkania
overtime | ueberstunden mehrarbeit | | overuren overwerk | | straordinario straordinari | |
    nadgodziny
payslip payroll paycheck | lohnabrechnung gehaltsabrechnung | | loonstrook |
     | cedolino | holerite contracheque | wyplata wyplaty
recruitment recruiting hire hiring | rekrutierung personalbeschaffung | recrutement embauche |
    werving aanwerving | reclutamiento contratacion | assunzione reclutamento |
    recrutamento contratacao | rekrutacja zatrudnienie
termination dismissal resignation | entlassung austritt | licenciement demission | ontslag |
    despido | licenziamento dimissioni | demissao rescisao |
    zwolnienie zwolnienia wypowiedzenie rezygnacja
vacancy | stellenangebot | | vacature | | | | wakat wakaty
applicant candidate | bewerber bewerbung | candidat candidature | sollicitant kandidaat
    sollicitatie | candidato | candidato candidatura | candidato candidatura | kandydat kandydaci
interview | vorstellungsgespraech | | sollicitatiegesprek | entrevista | colloquio | entrevista |
    rozmowa rozmowy
appraisal evaluation | beurteilung | | beoordeling | evaluacion | | avaliacao | oceny ewaluacja
pension retirement | pensionskasse ruhestand | retraite | pensioen |
    jubilacion | pensione | aposentadoria | emerytura emerytury
bonus incentive | gratifikation | | gratificatie | incentivo gratificacion | incentivo
    gratifica | incentivo gratificacao | nagroda nagrody
attendance timesheet | arbeitszeit zeiterfassung anwesenheit | | urenregistratie
    aanwezigheid | asistencia fichaje | presenze | assiduidade | obecnosc obecnosci
allowance | zulage | indemnite | toelage vergoeding | subsidio prestacion |
    indennita | subsidio beneficio | dodatek dodatki zasilek
holiday vacation | feiertag | vacances | vakantie | vacaciones feriado |
    ferie festivita | feriado | urlop urlopy swieto swieta
contractor freelancer subcontractor | auftragnehmer subunternehmer | prestataire
    soustraitant | aannemer onderaannemer | contratista subcontratista | appaltatore
    subappaltatore | empreiteiro subempreiteiro |
    wykonawca wykonawcy podwykonawca podwykonawcy zleceniobiorca
employer | arbeitgeber | | werkgever | empleador | | empregador | pracodawca pracodawcy
role position | | fonction | functie | puesto | ruolo | funcao | stanowisko stanowiska funkcja
apprentice trainee intern | auszubildender lehrling praktikant | apprenti stagiaire |
    stagiair | aprendiz becario | apprendista stagista tirocinante | aprendiz estagiario |
    praktykant stazysta
bus | | | | | corriera |
    onibus |
stop | haltestelle | | halte | parada | fermata | paragem parada | przystanek przystanki
timetable schedule | fahrplan | horaire | dienstregeling | horario | orario | horario |
    rozklad rozklady
driver | fahrer chauffeur | conducteur chauffeur | chauffeur | chofer |
     conducente | condutor | kierowca kierowcy
refuel refueling | betankung | ravitaillement | tankbeurt | | rifornimento |
    abastecimento | tankowanie tankowania
mileage odometer | kilometerstand laufleistung tachostand | kilometrage | kilometerstand |
    kilometraje | chilometraggio percorrenza | quilometragem | przebieg
distance | entfernung | | afstand | distancia | distanza | distancia | odleglosc dystans
fleet | fuhrpark flotte | flotte | wagenpark vloot | flota | flotta | frota | flota
freight cargo | fracht ladung | | vracht | flete | | | ladunek ladunki fracht
parcel package | paket | | pakket | paquete | pacco | pacote | paczka paczki
toll | maut | peage | | peaje | pedaggio | portagem pedagio | myto
parking | parkplatz | | parkeerplaats | aparcamiento estacionamiento |
    parcheggio | estacionamento | parkowanie
port harbour harbor | hafen | | | puerto | | | porty
container | behaelter | conteneur | | contenedor | contenitore | | kontener kontenery pojemnik
pallet | | | | | bancale | palete | palety
dock | laderampe verladerampe | quai | laadperron | muelle anden | banchina | doca | rampa
tire tyre | reifen | pneu pneumatique | | neumatico | pneumatico | pneu pneumatico | opona opony
trailer | anhaenger auflieger | remorque | aanhanger oplegger | remolque | rimorchio | reboque |
    przyczepa przyczepy naczepa
punctuality | puenktlichkeit | ponctualite | stiptheid | puntualidad | puntualita |
    pontualidade | punktualnosc terminowosc
licence license permit | lizenz fuehrerschein genehmigung | permis | rijbewijs vergunning |
    licencia permiso | licenza permesso | licenca | licencja licencje zezwolenie pozwolenie
plate | kennzeichen | immatriculation | kenteken | matricula | targa |
    matricula placa | rejestracyjny rejestracyjna
transport transportation | befoerderung | | vervoer | transporte | trasporto | transporte | przewoz
carrier forwarder haulier | spediteur frachtfuehrer | transporteur | vervoerder |
    transportista | vettore corriere spedizioniere | transportadora |
    przewoznik przewoznicy spedytor
work labour labor | arbeit | travail | arbeid | trabajo | lavoro | trabalho | prace
asset | anlagegut vermoegenswert | immobilisation | | | cespite | | aktywa majatek
downtime outage standstill | stillstand ausfallzeit stillstandszeit | indisponibilite |
    stilstand | | fermo | inatividade | przestoj przestoje
device | geraet | appareil dispositif | apparaat | dispositivo | dispositivo |
    dispositivo | urzadzenie urzadzenia
warranty guarantee | garantie gewaehrleistung | garantie | garantie | garantia | garanzia |
    garantia | gwarancja gwarancje rekojmia
technician mechanic | techniker mechaniker | technicien mecanicien | technicus
     | tecnico mecanico | tecnico meccanico | tecnico mecanico |
    serwisant serwisanci technicy mechanicy
receipt receiving inbound | wareneingang eingang | | ontvangst | recepcion | ricevimento |
    recebimento | przyjecie przyjecia
receipt voucher | quittung kassenbon | recu quittance | kassabon kwitantie | recibo
    comprobante | ricevuta scontrino | recibo comprovante | paragony pokwitowanie
movement | bewegung lagerbewegung warenbewegung | mouvement | mutatie beweging | movimiento |
    movimento | movimento | ruchy
transaction | transaktion | | transactie | transaccion | transazione | transacao |
    transakcja transakcje
bin | lagerplatz stellplatz lagerfach | casier | | | | |
storage | lagerung | stockage | opslag | almacenamiento | stoccaggio | armazenamento |
    skladowanie przechowywanie magazynowanie
shelf shelving | fach | etagere | schap stelling | estante estanteria | scaffale |
    prateleira estante | polki regaly
picking | kommissionierung | prelevement | | | prelievo | separacao | kompletacja
stocktake stocktaking | inventur zaehlung | | | conteo recuento | conteggio |
    contagem | inwentaryzacja
unit | einheit mengeneinheit | | eenheid | unidad | unita | unidade | jednostka jednostki
goods merchandise | | marchandise | goederen | mercancia | | mercadoria | towar towary
packaging | verpackung | emballage | verpakking | embalaje | imballaggio | embalagem |
    opakowanie opakowania
expiry expiration | verfall verfallsdatum | peremption | vervaldatum | caducidad | scadenza | |
    waznosc przydatnosc
due maturity | faelligkeit faelligkeitsdatum | echeance | vervaldag vervaldatum |
    vencimiento | scadenza | vencimento | wymagalnosc
transfer | umlagerung umbuchung | transfert | | traspaso
    transferencia | trasferimento | transferencia | przesuniecie przesuniecia przelew przelewy
request requisition inquiry enquiry | anforderung bedarfsanforderung anfrage |
    requete | aanvraag verzoek navraag | solicitud peticion requisicion | richiesta |
    solicitacao requisicao | zapytanie zapytania zapotrzebowanie
payable payables creditor | kreditor verbindlichkeit | crediteur | crediteur | acreedor |
    creditore | credor | zobowiazanie zobowiazania wierzyciel
receivable receivables debtor | debitor forderung | debiteur creance | debiteur vordering |
    deudor | debitore | devedor | naleznosc naleznosci dluznik
tender bid | ausschreibung | | aanbesteding | licitacion | appalto | licitacao | przetarg przetargi
promotion promo | werbeaktion verkaufsfoerderung aktion | | promotie aanbieding actie | promocion |
    promozione | promocao | promocja promocje
till checkout cashdesk | kasse | caisse | kassa | caja | cassa | caixa | kasa kasy
cash | bargeld | especes | contant contanten | efectivo | contanti | dinheiro | gotowka
cashier | kassierer kassiererin | caissier caissiere | kassier | cajero | cassiere | |
    kasjer kasjerzy
advertising advert | werbung | publicite | advertentie | publicidad anuncio | pubblicita
    annuncio | publicidade anuncio | reklama reklamy ogloszenie
channel | kanal vertriebskanal | | kanaal | | | | kanal kanaly
brand | | marque | merk | marca | marca | marca | marki
competitor | wettbewerber konkurrent | | | competidor | concorrente | concorrente |
    konkurent konkurenci konkurencja
survey feedback | umfrage | enquete sondage | enquete | encuesta | sondaggio indagine |
    pesquisa inquerito | ankieta ankiety
member membership | mitglied mitgliedschaft | membre | lidmaatschap | miembro socio
     | iscritto socio | membro socio | czlonek czlonkowie czlonkostwo
salesperson seller representative | verkaeufer aussendienst | vendeur representant |
    verkoper vertegenwoordiger | vendedor representante | venditore rappresentante |
    vendedor representante | sprzedawca sprzedawcy przedstawiciel
prospect | interessent | | | | | |
ledger | hauptbuch sachkonto | | grootboek | | | | ksiega
journal | buchungssatz | ecriture | journaalpost | asiento | scrittura |
    lancamento | dziennik ksiegowanie
tax taxes | steuer mehrwertsteuer umsatzsteuer | impot taxe | belasting | impuesto |
    imposta tassa | imposto | podatek podatki
currency | waehrung | monnaie | munt | moneda | moneta | moeda | waluta waluty
exchange | wechsel wechselkurs | | wissel wisselkoers | cambio | cambio | cambio | wymiana
rate | | taux | koers | tasa | tasso | | stawka stawki
dunning reminder overdue | mahnung | relance | aanmaning herinnering | |
    sollecito | cobranca lembrete | upomnienie upomnienia
interest | zins zinsen | interet | | | interesse | juros | odsetki oprocentowanie
loan credit | darlehen kredit | emprunt | krediet | prestamo | prestito
    finanziamento | emprestimo financiamento | pozyczka pozyczki kredyt kredyty
bank | bank | | bank | | banca | | banki
fiscal | geschaeftsjahr | exercice | boekjaar | ejercicio | esercizio | exercicio |
    obrotowy obrachunkowy
balance | bilanz | bilan | balans | | | balanco | bilans saldo
profit margin | gewinn marge | benefice marge | winst marge | beneficio ganancia margen |
    profitto margine | lucro margem | zysk zyski marza
depreciation | abschreibung | amortissement | afschrijving | amortizacion depreciacion |
    ammortamento | depreciacao amortizacao | amortyzacja umorzenie
fee fees | gebuehr | | | cuota | | | oplata oplaty
installment instalment | teilzahlung | mensualite | | cuota plazo | | prestacao | raty
deposit | kaution anzahlung | acompte | aanbetaling waarborg | anticipo fianza |
    acconto cauzione | caucao | kaucja depozyt zaliczka zadatek
accounting bookkeeping | buchhaltung | comptabilite | boekhouding | contabilidad |
    contabilita | contabilidade | ksiegowosc rachunkowosc
customs | zoll | douane | douane | aduana | dogana | alfandega | celny celne
import imports | einfuhr | importation | invoer | importacion | importazione | importacao | przywoz
export exports | ausfuhr | exportation | uitvoer | exportacion | esportazione | exportacao | wywoz
consumption usage | verbrauch | consommation | verbruik | consumo | consumo | consumo | zuzycie
lease rent rental | miete pacht leasing | loyer | huur pacht | alquiler arrendamiento |
    affitto locazione noleggio | aluguel arrendamento locacao | najem wynajem dzierzawa czynsz
tenant lessee | mieter | locataire | huurder | inquilino arrendatario | inquilino
    affittuario | inquilino locatario | najemca najemcy dzierzawca lokator
owner landlord lessor | vermieter eigentuemer | proprietaire bailleur | verhuurder eigenaar |
    propietario arrendador | proprietario | proprietario senhorio |
    wlasciciel wlasciciele wynajmujacy
surface floorspace | flaeche | superficie | oppervlakte | superficie | superficie | | powierzchnia
floor storey | geschoss | etage | verdieping | piso | | piso | kondygnacja
room | raum | | kamer ruimte lokaal | sala habitacion | sala | sala | pokoj pokoje pomieszczenie
heating | heizung | chauffage | verwarming | calefaccion | riscaldamento | aquecimento | ogrzewanie
cleaning | reinigung | | schoonmaak reiniging | limpieza | pulizia | limpeza |
    sprzatanie czyszczenie
emission emissions | ausstoss | | uitstoot | emision | emissione | emissao | emisja emisje
waste scrap | abfall | dechet | afval | residuo desecho merma | rifiuto scarto |
    residuo sucata | odpad odpady zlom
office | buero | | kantoor | | ufficio | | biuro biura
occupancy occupied utilisation utilization | auslastung belegung | | bezetting | ocupacion |
    occupazione | ocupacao | oblozenie wykorzystanie
peak | spitze spitzenlast | | piek | | picco | | szczyt
plant factory | fabrik | | fabriek | fabrica | stabilimento fabbrica | fabrica |
    zaklad zaklady fabryka fabryki
operator | bediener | operateur | | operario | operatore | operador | operatorzy
quality | qualitaet | qualite | kwaliteit | calidad | qualita | qualidade | jakosc
material materials | werkstoff stueckliste | matiere | materiaal stuklijst | materiales |
    materiale | materiais | materialy surowiec surowce
ingredient | zutat | | | ingrediente | ingrediente | ingrediente | skladnik skladniki
yield | ausbeute | rendement | rendement | rendimiento | rendimento | rendimento | wydajnosc uzysk
approval approve | genehmigung | approbation | goedkeuring | aprobacion |
    approvazione | aprovacao | zatwierdzenie akceptacja
ticket | meldung | | melding | incidencia | segnalazione | chamado | zgloszenie zgloszenia
answer response | antwort | | antwoord | respuesta | risposta | resposta | odpowiedz odpowiedzi
satisfaction | zufriedenheit | | tevredenheid | satisfaccion | soddisfazione | satisfacao |
    zadowolenie satysfakcja
message | nachricht | | | mensaje | messaggio | mensagem | wiadomosc wiadomosci komunikat
ward | pflegestation | | verpleegafdeling | | | enfermaria | oddzial oddzialy
admission | aufnahme | | opname | admision | ricovero | admissao internacao | przyjecie przyjecia
discharge | entlassung | | ontslag | | dimissione | | wypis wypisy
appointment | | | afspraak | cita | appuntamento | agendamento marcacao | wizyta wizyty
diagnosis | diagnose | diagnostic | diagnose | diagnostico | diagnosi | diagnostico |
    diagnoza rozpoznanie
treatment | behandlung | traitement | behandeling | tratamiento | trattamento | tratamento |
    leczenie
prescription | verschreibung | ordonnance | voorschrift | prescripcion | prescrizione |
    prescricao | recepty
medication medicine drug | medikament arzneimittel | medicament | medicijn geneesmiddel |
    medicamento | medicinale | medicamento | leki lekarstwo
hospital clinic | krankenhaus klinik | hopital clinique | ziekenhuis kliniek | clinica |
    ospedale clinica | clinica | szpital szpitale klinika przychodnia
surgery | chirurgie | chirurgie | chirurgie | cirugia | chirurgia | cirurgia |
    zabieg zabiegi chirurgia
emergency | notfall notaufnahme | urgence urgences | | urgencia emergencia | emergenza |
    urgencia emergencia | pogotowie
enrolment enrollment registration | anmeldung einschreibung | | inschrijving aanmelding |
    inscripcion matricula | iscrizione | inscricao matricula | rejestracja rejestracje zapisy
exam examination | klausur | examen | examen tentamen | examen | esame | exame | egzamin egzaminy
school | schule | ecole | | escuela colegio | scuola | escola | szkola szkoly
diploma | diplom | diplome | | | laurea | | dyplom dyplomy swiadectwo
connection | anschluss | raccordement | aansluiting | acometida conexion |
    allacciamento | ligacao | przylacze przylacza
pipe pipeline | rohr rohrleitung | canalisation | leiding | tuberia | tubazione
     | tubulacao | rura rury rurociag
pump | pumpe | | | | | | pompy
leak leakage | leck leckage | fuite | lekkage | | | vazamento | wyciek wycieki
phone telephone | telefon | telephone | telefoon | telefono | telefono | telefone | telefon telefony
mobile cellphone | mobiltelefon | | mobiel | celular | cellulare | celular telemovel |
    komorka komorkowy
coverage cover | deckung | couverture | dekking | cobertura | copertura | cobertura |
    pokrycie ochrona
deductible | selbstbeteiligung selbstbehalt | | | franquicia deducible | franchigia | franquia |
    franszyza
beneficiary | beguenstigter | beneficiaire | begunstigde | beneficiario | beneficiario |
    beneficiario | beneficjent uposazony
policyholder | versicherungsnehmer | souscripteur | verzekeringnemer | tomador |
    contraente | tomador | ubezpieczajacy
comment remark | bemerkung notiz kommentar anmerkung | remarque commentaire | opmerking
    notitie | observacion comentario | osservazione commento | observacao comentario |
    uwaga uwagi komentarz notatka
description | beschreibung bezeichnung | | omschrijving | descripcion | descrizione |
    descricao | opis opisy
size dimension | groesse abmessung | | grootte afmeting maat | tamano talla |
    dimensione | tamanho | rozmiar wymiar wymiary
start begin | beginn anfang | | aanvang | inicio comienzo | inizio | inicio | poczatek rozpoczecie
change modification amendment | aenderung | modification changement | wijziging |
    modificacion | modifica | | zmiana zmiany modyfikacja
history | verlauf historie protokoll | historique | historie logboek | historial historico |
      | historico | historia
user | benutzer anwender | utilisateur | gebruiker | usuario | utente | usuario |
    uzytkownik uzytkownicy
document | dokument | | | documento | documento | documento | dokument dokumenty
contact | kontakt ansprechpartner | | contactpersoon | contacto | contatto | contato |
    kontakt kontakty
person | | personne | persoon | | | pessoa | osoba osoby
company firm enterprise business | unternehmen gesellschaft | societe entreprise | bedrijf
    onderneming | empresa compania sociedad | azienda societa ditta | empresa
    companhia sociedade | firmy przedsiebiorstwo spolka
source origin | herkunft | | herkomst bron | origen fuente | | origem | zrodlo pochodzenie
target goal objective | sollwert | objectif cible | doel | objetivo | obiettivo |
    objetivo | docelowy
priority | prioritaet | priorite | prioriteit | prioridad | priorita | prioridade | priorytet
duration | dauer | duree | duur | duracion | durata | duracao | okres trwanie
speed velocity | geschwindigkeit | vitesse | snelheid | velocidad | velocita | velocidade |
    predkosc szybkosc
temperature | temperatur | | temperatuur | temperatura | temperatura | temperatura | temperatura
churn | abwanderung kuendigung | resiliation | opzegging | | disdetta | cancelamento |
    rezygnacja odejscie
application | antrag | demande | aanvraag | solicitud | domanda istanza | requerimento |
    wniosek wnioski
decision | entscheidung beschluss bescheid | | besluit beslissing | resolucion |
    decisione delibera | decisao deliberacao | decyzja decyzje
deadline | frist | delai | termijn | plazo | scadenza | prazo |
case dossier | akte vorgang | | zaak | expediente | pratica fascicolo | | sprawa sprawy
street road | strasse | voie | straat | calle | strada | estrada | ulica ulice drogi
property premises | immobilie grundstueck liegenschaft | immeuble propriete | pand vastgoed
    perceel | inmueble propiedad finca | immobile proprieta | imovel propriedade |
    nieruchomosc nieruchomosci
dispute chargeback | streitfall rueckbelastung | litige contestation | geschil
    terugboeking | disputa contracargo | contestazione controversia | disputa contestacao
    estorno | spory
limit ceiling | grenze obergrenze | plafond | limiet grens | | | | limity
collection pickup | abholung sammlung inkasso | collecte ramassage recouvrement | inzameling
    ophaling incasso | recogida recoleccion cobro | raccolta ritiro riscossione |
    coleta recolha | odbiory windykacja
round | runde | tournee | ronde | recorrido | giro | roteiro | obchod
load payload | ladung nutzlast beladung | chargement | lading belading | carga | carico |
    carga | ladunek zaladunek ladownosc
van | transporter lieferwagen | fourgon camionnette | bestelwagen busje | furgoneta |
    furgone | furgao carrinha | furgon furgonetka dostawczy
service | dienst dienstleistung leistung | prestation | dienst dienstverlening | servicio |
    servizio prestazione | servico | usluga uslugi
notice letter | schreiben mitteilung | courrier lettre avis | kennisgeving | carta aviso
    notificacion | lettera avviso | carta aviso notificacao |
    pismo pisma zawiadomienie powiadomienie
officer official clerk | sachbearbeiter beamter | gestionnaire | behandelaar ambtenaar |
    tramitador | funzionario addetto | servidor | urzednik urzednicy
resident citizen inhabitant | einwohner bewohner | habitant citoyen | inwoner bewoner |
    vecino ciudadano habitante | residente cittadino abitante | morador cidadao habitante |
    mieszkaniec mieszkancy obywatel
municipality council | gemeinde kommune | commune mairie municipalite | gemeente |
    municipio ayuntamiento | comune municipio | municipio prefeitura | gmina gminy
penalty fine | strafe bussgeld vertragsstrafe | amende penalite | boete | multa sancion |
    multa sanzione penale | multa penalidade | kary grzywna
breach violation | verstoss | infraction manquement | overtreding | infraccion
    incumplimiento | violazione infrazione | infracao violacao | naruszenie naruszenia wykroczenie
queue waiting | warteschlange wartezeit | attente | wachtrij wachttijd | cola espera |
    coda attesa | fila espera | kolejka kolejki oczekiwanie
counter desk | schalter theke | guichet comptoir | balie loket | mostrador ventanilla |
    sportello bancone | balcao guiche | okienko
card | karte | carte | kaart | tarjeta | tessera | cartao | karta karty
merchant dealer retailer | haendler | commercant marchand | handelaar winkelier |
    comerciante | commerciante esercente | comerciante lojista | kupiec kupcy
arrears writeoff | rueckstand abschreibung | impaye arriere | achterstand wanbetaling
    afschrijving | impago | insolvenza sofferenza morosita | inadimplencia |
    zaleglosc zaleglosci odpis
estimate | schaetzung kalkulation kostenvoranschlag | estimation devis | schatting raming |
    estimacion presupuesto | stima preventivo | estimativa orcamento | szacunek kosztorys
safety hazard | arbeitsschutz gefahr | securite danger | veiligheid gevaar | seguridad
    peligro | sicurezza pericolo | seguranca perigo | bezpieczenstwo zagrozenie
injury | verletzung | blessure | letsel verwonding | herida | lesione infortunio |
    ferimento | uraz urazy obrazenia
guest visitor | gast besucher | visiteur | gast bezoeker | huesped visitante |
    ospite visitatore | hospede visitante | gosc goscie
meal dish | gericht speise mahlzeit | repas | gerecht maaltijd | plato comida |
    piatto pasto | prato refeicao | posilek posilki danie dania
kitchen | kueche | cuisine | keuken | cocina | cucina | cozinha | kuchnia
night overnight | nacht uebernachtung | nuit nuitee | nacht overnachting | noche
    pernoctacion | notte pernottamento | noite pernoite | nocleg noclegi
valuation | bewertung wertermittlung gutachten | | taxatie waardering | tasacion
    valoracion | perizia valutazione | avaliacao | wycena wyceny
collateral | sicherheit sicherheiten pfand | surete nantissement | zekerheid onderpand |
    garantia aval | garanzia pegno | penhor | zabezpieczenie zabezpieczenia zastaw
mortgage | hypothek grundschuld | hypotheque | hypotheek | hipoteca | ipoteca mutuo |
    hipoteca | hipoteka hipoteki
engineer | ingenieur | ingenieur | ingenieur | ingeniero | ingegnere | engenheiro |
    inzynier inzynierowie
grant subsidy | zuschuss foerderung beihilfe | subvention | subsidie toelage | subvencion
    ayuda | sovvenzione contributo | subsidio | dotacja dotacje dofinansowanie subwencja
authorisation authorization | autorisierung freigabe | autorisation | autorisatie
    machtiging | autorizacion | autorizzazione | autorizacao | autoryzacja uprawnienie uprawnienia
rejection refusal | ablehnung | refus rejet | afwijzing weigering | rechazo denegacion |
    diniego | recusa rejeicao | odrzucenie odmowa
vacant empty | leerstand | inoccupe | leegstand | desocupado | sfitto | desocupado | pustostan
"""
"""One concept a line (a line starting with spaces goes on the one before)."""


@lru_cache(maxsize=1)
def _lines() -> tuple[str, ...]:
    lines: list[str] = []
    for line in _CONCEPTS.strip("\n").splitlines():
        if line.startswith(" ") and lines:
            lines[-1] += " " + line.strip()
        elif line.strip():
            lines.append(line.strip())
    return tuple(lines)


@lru_cache(maxsize=4096)
def concepts_starting(start: str) -> int:
    """How many of the lexicon's concepts have an English word (longer than `start`) that
    `start` begins: "res" begins "response", "resignation" and "reservation", three."""
    return sum(1 for line in _lines()
               if any(w.startswith(start) and len(w) > len(start)
                      for w in line.split("|")[0].split()))


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for line in _lines():
        english, *others = line.split("|")
        foreign = [w for part in others for w in map(plain, part.split()) if len(w) >= 4]
        for word in english.split():
            known = out.setdefault(stem(word), [])
            known += [w for w in foreign if w not in known and stem(w) != stem(word)]
    return {k: tuple(v) for k, v in out.items()}


def general(stem_: str) -> bool:
    """Whether `stem_` (a stem, `_tokens.stem`) is that of an English word of the lexicon: a
    general business word ("car", "price", "store"), not a name."""
    return stem_ in _table()


def translations(word: str) -> tuple[str, ...]:
    """`word`'s words in the other languages (lower case, no accents, unstemmed), none when
    the lexicon does not have it."""
    return _table().get(stem(word.lower()), ())



@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    return frozenset(w for known in _table().values() for w in known)


def compounds(word: str, schema_words: Iterable[str]) -> list[str]:
    """The words of `schema_words` that hold `word` of another language whole: inflected
    ("kunden" of "kunde", "ventes" of "vente") or compounded with another word of the lexicon
    ("schadenzahlungen" of "zahlung" and "schaden"), for words of at least
    `LEAST_COMPOUNDED` letters; not "customer" of Portuguese "custo"."""
    if len(word) < LEAST_COMPOUNDED:
        return []
    whole = stem(word)
    return [long for long in schema_words if long != whole and word in long
            and all(len(rest) <= INFLECTION or _starts_a_word(rest) for rest in long.split(word))]


def _starts_a_word(text: str) -> bool:
    """Whether `text` starts with a word of the lexicon in another language (a compound's
    other part: "zahlungen" in "schadenzahlungen")."""
    known = _words()  # every one has four letters or more
    return any(text[:n] in known for n in range(4, len(text) + 1))
