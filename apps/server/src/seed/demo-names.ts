// Names for the demo: teams, competitors and people. Sides in individual sports are invented names.

const split = (s: string) => s.split(',').map((x) => x.trim());

export const TEAMS: Record<string, string[]> = {
  NFL: split(
    'Arizona Cardinals, Atlanta Falcons, Baltimore Ravens, Buffalo Bills, Carolina Panthers, Chicago Bears, Cincinnati Bengals, Cleveland Browns, Dallas Cowboys, Denver Broncos, Detroit Lions, Green Bay Packers, Houston Texans, Indianapolis Colts, Jacksonville Jaguars, Kansas City Chiefs, Las Vegas Raiders, Los Angeles Chargers, Los Angeles Rams, Miami Dolphins, Minnesota Vikings, New England Patriots, New Orleans Saints, New York Giants, New York Jets, Philadelphia Eagles, Pittsburgh Steelers, San Francisco 49ers, Seattle Seahawks, Tampa Bay Buccaneers, Tennessee Titans, Washington Commanders',
  ),
  NCAAF: split(
    'Alabama, Auburn, Clemson, Florida, Florida State, Georgia, LSU, Miami, Michigan, Michigan State, Notre Dame, Ohio State, Oklahoma, Oregon, Penn State, Tennessee, Texas, Texas A&M, USC, Utah, Washington, Wisconsin, Iowa, Kentucky, Ole Miss, Missouri, Arkansas, Baylor, TCU, Kansas State',
  ),
  NBA: split(
    'Atlanta Hawks, Boston Celtics, Brooklyn Nets, Charlotte Hornets, Chicago Bulls, Cleveland Cavaliers, Dallas Mavericks, Denver Nuggets, Detroit Pistons, Golden State Warriors, Houston Rockets, Indiana Pacers, LA Clippers, Los Angeles Lakers, Memphis Grizzlies, Miami Heat, Milwaukee Bucks, Minnesota Timberwolves, New Orleans Pelicans, New York Knicks, Oklahoma City Thunder, Orlando Magic, Philadelphia 76ers, Phoenix Suns, Portland Trail Blazers, Sacramento Kings, San Antonio Spurs, Toronto Raptors, Utah Jazz, Washington Wizards',
  ),
  NCAAB: split(
    "Duke, North Carolina, Kansas, Kentucky, Gonzaga, Villanova, UConn, Houston, Purdue, Arizona, Baylor, Michigan State, Indiana, Louisville, Syracuse, UCLA, Marquette, Creighton, Iowa State, Tennessee, Auburn, Alabama, Texas Tech, Virginia, Xavier, Arkansas, Illinois, Wisconsin, San Diego State, Saint Mary's",
  ),
  MLB: split(
    'Arizona Diamondbacks, Atlanta Braves, Baltimore Orioles, Boston Red Sox, Chicago Cubs, Chicago White Sox, Cincinnati Reds, Cleveland Guardians, Colorado Rockies, Detroit Tigers, Houston Astros, Kansas City Royals, Los Angeles Angels, Los Angeles Dodgers, Miami Marlins, Milwaukee Brewers, Minnesota Twins, New York Mets, New York Yankees, Athletics, Philadelphia Phillies, Pittsburgh Pirates, San Diego Padres, San Francisco Giants, Seattle Mariners, St. Louis Cardinals, Tampa Bay Rays, Texas Rangers, Toronto Blue Jays, Washington Nationals',
  ),
  NHL: split(
    'Anaheim Ducks, Boston Bruins, Buffalo Sabres, Calgary Flames, Carolina Hurricanes, Chicago Blackhawks, Colorado Avalanche, Columbus Blue Jackets, Dallas Stars, Detroit Red Wings, Edmonton Oilers, Florida Panthers, Los Angeles Kings, Minnesota Wild, Montreal Canadiens, Nashville Predators, New Jersey Devils, New York Islanders, New York Rangers, Ottawa Senators, Philadelphia Flyers, Pittsburgh Penguins, San Jose Sharks, Seattle Kraken, St. Louis Blues, Tampa Bay Lightning, Toronto Maple Leafs, Utah Mammoth, Vancouver Canucks, Vegas Golden Knights, Washington Capitals, Winnipeg Jets',
  ),
  SOCCER: split(
    'Arsenal, Aston Villa, Chelsea, Liverpool, Manchester City, Manchester United, Newcastle, Tottenham, Real Madrid, Barcelona, Atletico Madrid, Sevilla, Real Betis, Villarreal, Bayern Munich, Borussia Dortmund, Juventus, Inter, AC Milan, Napoli, PSG, Marseille, America, Guadalajara, Monterrey, Tigres, Cruz Azul, LA Galaxy, Inter Miami, Seattle Sounders',
  ),
};

const FIRST = split(
  'Adrian, Alex, Andre, Bruno, Carlos, Daniel, David, Diego, Eduardo, Elena, Emma, Felipe, Gabriel, Hector, Ivan, Jacob, James, Javier, John, Jorge, Jose, Juan, Julia, Kevin, Laura, Leo, Lucas, Luis, Marco, Maria, Mario, Martin, Matthew, Michael, Miguel, Nathan, Nicolas, Oscar, Pablo, Pedro, Rafael, Ricardo, Robert, Samuel, Sara, Sergio, Sofia, Thomas, Victor, William',
);
const LAST = split(
  'Alvarez, Anderson, Bailey, Brooks, Castillo, Chavez, Clark, Cruz, Diaz, Evans, Fernandez, Flores, Foster, Garcia, Gomez, Gonzalez, Gray, Hall, Hernandez, Hughes, Jimenez, Johnson, Kelly, Lopez, Martin, Martinez, Mendoza, Miller, Moreno, Morgan, Navarro, Ortiz, Parker, Perez, Price, Ramirez, Reed, Reyes, Rivera, Rodriguez, Romero, Ruiz, Sanchez, Scott, Silva, Torres, Turner, Vargas, Walker, Wright',
);

export function personName(pick: <T>(list: readonly T[]) => T): string {
  return `${pick(FIRST)} ${pick(LAST)}`;
}

/** A fixed roster for an individual sport, so the same names meet again through the weeks. */
export function roster(size: number, pick: <T>(list: readonly T[]) => T): string[] {
  const names = new Set<string>();
  while (names.size < size) names.add(personName(pick));
  return [...names];
}

export const LEAGUES: Record<string, string[]> = {
  NFL: ['NFL'],
  NCAAF: ['NCAA Football'],
  NBA: ['NBA'],
  NCAAB: ['NCAA Basketball'],
  MLB: ['MLB'],
  NHL: ['NHL'],
  SOCCER: ['Premier League', 'La Liga', 'Liga MX', 'MLS'],
  TENNIS: ['ATP', 'WTA'],
  MMA: ['UFC'],
  GOLF: ['PGA Tour'],
};
