import CountriesDemo
import Foundation

let status = await CountriesCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
