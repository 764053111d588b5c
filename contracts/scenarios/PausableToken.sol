// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: the owner can stop every transfer but their own.
contract PausableToken is OwnedPairToken {
    bool public paused;

    constructor(uint256 supply) OwnedPairToken("Stable Yield", "STBY", supply) {}

    function pause() external onlyOwner {
        paused = true;
    }

    function unpause() external onlyOwner {
        paused = false;
    }

    function _transfer(address from, address to, uint256 value) internal override {
        require(!paused || from == _owner, "paused");
        _move(from, to, value);
    }
}
